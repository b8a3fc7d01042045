printf 'one\n' > a
md5sum a > sums
sed 's/ a$/ gone/' sums >> sums
md5sum -c sums; echo "[$?]"
md5sum -c --ignore-missing sums; echo "[$?]"
sed -n 2p sums > only
md5sum -c --ignore-missing only; echo "[$?]"
