printf 'one\n' > a; printf 'two\n' > b
b2sum a b > sums
b2sum -c sums; echo "[$?]"
b2sum --check --quiet sums; echo "[$?]"
b2sum -c --status sums; echo "[$?]"
