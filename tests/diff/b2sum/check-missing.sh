printf 'one\n' > a
b2sum a > sums
sed 's/ a$/ gone/' sums >> sums
b2sum -c sums; echo "[$?]"
b2sum -c --ignore-missing sums; echo "[$?]"
sed -n 2p sums > only
b2sum -c --ignore-missing only; echo "[$?]"
