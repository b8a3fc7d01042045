b2sum -l 7 /dev/null; echo "[$?]"
b2sum -l 1024 /dev/null; echo "[$?]"
b2sum -l x /dev/null; echo "[$?]"
