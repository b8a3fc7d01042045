printf 'one\n' > a
sha256sum a > sums
echo 'garbage line' >> sums
echo '# comment' >> sums
echo >> sums
sha256sum -c sums; echo "[$?]"
sha256sum -c --strict sums; echo "[$?]"
sha256sum -c -w sums; echo "[$?]"
