printf 'one\n' > a
sha1sum --tag a > sums
sha1sum -c sums; echo "[$?]"
sed 's/ = / =/' sums | sha1sum -c; echo "[$?]"
tr a-f A-F < sums | sed 's/^[A-Z0-9]* (A)/X/' | sha1sum -c; echo "[$?]"
