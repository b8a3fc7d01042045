printf 'hello\n' > a
b2sum -l 256 a > s; b2sum -c s; echo "[$?]"
b2sum -l 128 --tag a | b2sum -c; echo "[$?]"
b2sum -l 64 a | b2sum -c -l 64; echo "[$?]"
