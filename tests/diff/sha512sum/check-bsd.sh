printf 'one\n' > a
sha512sum --tag a > sums
sha512sum -c sums; echo "[$?]"
sed 's/ = / =/' sums | sha512sum -c; echo "[$?]"
tr a-f A-F < sums | sed 's/^[A-Z0-9]* (A)/X/' | sha512sum -c; echo "[$?]"
