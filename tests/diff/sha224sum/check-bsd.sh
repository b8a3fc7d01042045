printf 'one\n' > a
sha224sum --tag a > sums
sha224sum -c sums; echo "[$?]"
sed 's/ = / =/' sums | sha224sum -c; echo "[$?]"
tr a-f A-F < sums | sed 's/^[A-Z0-9]* (A)/X/' | sha224sum -c; echo "[$?]"
