printf 'x' > a; mkdir d
b2sum nosuch a; echo "[$?]"
b2sum d a; echo "[$?]"
b2sum -c nosuch; echo "[$?]"
