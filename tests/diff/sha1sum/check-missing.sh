printf 'one\n' > a
sha1sum a > sums
sed 's/ a$/ gone/' sums >> sums
sha1sum -c sums; echo "[$?]"
sha1sum -c --ignore-missing sums; echo "[$?]"
sed -n 2p sums > only
sha1sum -c --ignore-missing only; echo "[$?]"
