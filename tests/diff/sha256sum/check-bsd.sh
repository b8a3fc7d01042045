printf 'one\n' > a
sha256sum --tag a > sums
sha256sum -c sums; echo "[$?]"
sed 's/ = / =/' sums | sha256sum -c; echo "[$?]"
tr a-f A-F < sums | sed 's/^[A-Z0-9]* (A)/X/' | sha256sum -c; echo "[$?]"
