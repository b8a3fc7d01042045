printf 'one\n' > a
sha224sum a > sums
echo 'garbage line' >> sums
echo '# comment' >> sums
echo >> sums
sha224sum -c sums; echo "[$?]"
sha224sum -c --strict sums; echo "[$?]"
sha224sum -c -w sums; echo "[$?]"
