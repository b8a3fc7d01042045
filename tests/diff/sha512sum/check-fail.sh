printf 'one\n' > a; printf 'two\n' > b
sha512sum a b > sums
echo changed > a
sha512sum -c sums; echo "[$?]"
sha512sum -c --quiet sums; echo "[$?]"
sha512sum -c --status sums; echo "[$?]"
