printf 'x' > a; mkdir d
md5sum nosuch a; echo "[$?]"
md5sum d a; echo "[$?]"
md5sum -c nosuch; echo "[$?]"
