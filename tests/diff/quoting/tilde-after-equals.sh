HOME=/home/test
echo a=~/b --opt=~/c
