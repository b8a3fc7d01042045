printf 'x' > a; mkdir d
sha1sum nosuch a; echo "[$?]"
sha1sum d a; echo "[$?]"
sha1sum -c nosuch; echo "[$?]"
