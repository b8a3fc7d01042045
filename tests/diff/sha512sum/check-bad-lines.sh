printf 'one\n' > a
sha512sum a > sums
echo 'garbage line' >> sums
echo '# comment' >> sums
echo >> sums
sha512sum -c sums; echo "[$?]"
sha512sum -c --strict sums; echo "[$?]"
sha512sum -c -w sums; echo "[$?]"
