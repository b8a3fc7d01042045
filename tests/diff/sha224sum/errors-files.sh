printf 'x' > a; mkdir d
sha224sum nosuch a; echo "[$?]"
sha224sum d a; echo "[$?]"
sha224sum -c nosuch; echo "[$?]"
