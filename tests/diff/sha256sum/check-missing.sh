printf 'one\n' > a
sha256sum a > sums
sed 's/ a$/ gone/' sums >> sums
sha256sum -c sums; echo "[$?]"
sha256sum -c --ignore-missing sums; echo "[$?]"
sed -n 2p sums > only
sha256sum -c --ignore-missing only; echo "[$?]"
