printf 'one\n' > a; printf 'two\n' > b
sha384sum a b > sums
sha384sum -c sums; echo "[$?]"
sha384sum --check --quiet sums; echo "[$?]"
sha384sum -c --status sums; echo "[$?]"
