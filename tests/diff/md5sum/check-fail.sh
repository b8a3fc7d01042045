printf 'one\n' > a; printf 'two\n' > b
md5sum a b > sums
echo changed > a
md5sum -c sums; echo "[$?]"
md5sum -c --quiet sums; echo "[$?]"
md5sum -c --status sums; echo "[$?]"
