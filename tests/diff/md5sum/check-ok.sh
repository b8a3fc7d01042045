printf 'one\n' > a; printf 'two\n' > b
md5sum a b > sums
md5sum -c sums; echo "[$?]"
md5sum --check --quiet sums; echo "[$?]"
md5sum -c --status sums; echo "[$?]"
