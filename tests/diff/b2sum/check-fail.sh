printf 'one\n' > a; printf 'two\n' > b
b2sum a b > sums
echo changed > a
b2sum -c sums; echo "[$?]"
b2sum -c --quiet sums; echo "[$?]"
b2sum -c --status sums; echo "[$?]"
