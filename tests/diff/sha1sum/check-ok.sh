printf 'one\n' > a; printf 'two\n' > b
sha1sum a b > sums
sha1sum -c sums; echo "[$?]"
sha1sum --check --quiet sums; echo "[$?]"
sha1sum -c --status sums; echo "[$?]"
