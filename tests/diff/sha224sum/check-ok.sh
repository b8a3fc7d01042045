printf 'one\n' > a; printf 'two\n' > b
sha224sum a b > sums
sha224sum -c sums; echo "[$?]"
sha224sum --check --quiet sums; echo "[$?]"
sha224sum -c --status sums; echo "[$?]"
