printf 'one\n' > a; printf 'two\n' > b
sha256sum a b > sums
sha256sum -c sums; echo "[$?]"
sha256sum --check --quiet sums; echo "[$?]"
sha256sum -c --status sums; echo "[$?]"
