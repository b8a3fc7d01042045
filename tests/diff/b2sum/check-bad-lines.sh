printf 'one\n' > a
b2sum a > sums
echo 'garbage line' >> sums
echo '# comment' >> sums
echo >> sums
b2sum -c sums; echo "[$?]"
b2sum -c --strict sums; echo "[$?]"
b2sum -c -w sums; echo "[$?]"
