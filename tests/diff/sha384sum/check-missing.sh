printf 'one\n' > a
sha384sum a > sums
sed 's/ a$/ gone/' sums >> sums
sha384sum -c sums; echo "[$?]"
sha384sum -c --ignore-missing sums; echo "[$?]"
sed -n 2p sums > only
sha384sum -c --ignore-missing only; echo "[$?]"
