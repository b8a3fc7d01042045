printf 'x' > a; mkdir d
sha384sum nosuch a; echo "[$?]"
sha384sum d a; echo "[$?]"
sha384sum -c nosuch; echo "[$?]"
