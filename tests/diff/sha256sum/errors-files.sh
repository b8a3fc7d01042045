printf 'x' > a; mkdir d
sha256sum nosuch a; echo "[$?]"
sha256sum d a; echo "[$?]"
sha256sum -c nosuch; echo "[$?]"
