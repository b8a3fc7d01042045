printf 'x' > a; mkdir d
sha512sum nosuch a; echo "[$?]"
sha512sum d a; echo "[$?]"
sha512sum -c nosuch; echo "[$?]"
