printf 'one\n' > a
sha224sum a > sums
sed 's/ a$/ gone/' sums >> sums
sha224sum -c sums; echo "[$?]"
sha224sum -c --ignore-missing sums; echo "[$?]"
sed -n 2p sums > only
sha224sum -c --ignore-missing only; echo "[$?]"
