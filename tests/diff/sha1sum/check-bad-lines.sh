printf 'one\n' > a
sha1sum a > sums
echo 'garbage line' >> sums
echo '# comment' >> sums
echo >> sums
sha1sum -c sums; echo "[$?]"
sha1sum -c --strict sums; echo "[$?]"
sha1sum -c -w sums; echo "[$?]"
