printf 'one\n' > a; printf 'two\n' > b
sha1sum a b > sums
echo changed > a
sha1sum -c sums; echo "[$?]"
sha1sum -c --quiet sums; echo "[$?]"
sha1sum -c --status sums; echo "[$?]"
