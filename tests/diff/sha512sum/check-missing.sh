printf 'one\n' > a
sha512sum a > sums
sed 's/ a$/ gone/' sums >> sums
sha512sum -c sums; echo "[$?]"
sha512sum -c --ignore-missing sums; echo "[$?]"
sed -n 2p sums > only
sha512sum -c --ignore-missing only; echo "[$?]"
