printf 'one\n' > a
sha384sum --tag a > sums
sha384sum -c sums; echo "[$?]"
sed 's/ = / =/' sums | sha384sum -c; echo "[$?]"
tr a-f A-F < sums | sed 's/^[A-Z0-9]* (A)/X/' | sha384sum -c; echo "[$?]"
