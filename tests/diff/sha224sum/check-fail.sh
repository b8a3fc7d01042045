printf 'one\n' > a; printf 'two\n' > b
sha224sum a b > sums
echo changed > a
sha224sum -c sums; echo "[$?]"
sha224sum -c --quiet sums; echo "[$?]"
sha224sum -c --status sums; echo "[$?]"
