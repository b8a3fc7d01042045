sum -x; echo "[$?]"
sum nosuch; echo "[$?]"
mkdir d; sum d; echo "[$?]"
