printf 'one\n' > a; printf 'two\n' > b
sha384sum a b > sums
echo changed > a
sha384sum -c sums; echo "[$?]"
sha384sum -c --quiet sums; echo "[$?]"
sha384sum -c --status sums; echo "[$?]"
