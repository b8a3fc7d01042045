printf 'one\n' > a; printf 'two\n' > b
sha512sum a b > sums
sha512sum -c sums; echo "[$?]"
sha512sum --check --quiet sums; echo "[$?]"
sha512sum -c --status sums; echo "[$?]"
