HOME=/home/test
echo ~ ~/x "~" '~' ~nosuchuser_zz
x=~/file; echo $x
y="~/file"; echo $y
