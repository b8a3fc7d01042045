printf 'one\n' > a; printf 'two\n' > b
sha256sum a b > sums
echo changed > a
sha256sum -c sums; echo "[$?]"
sha256sum -c --quiet sums; echo "[$?]"
sha256sum -c --status sums; echo "[$?]"
