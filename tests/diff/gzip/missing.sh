gzip nosuch; echo "[$?]"
printf 'x' > a
gzip nosuch a; echo "[$?]"
ls
