printf 'one\n' > a
sha384sum a > sums
echo 'garbage line' >> sums
echo '# comment' >> sums
echo >> sums
sha384sum -c sums; echo "[$?]"
sha384sum -c --strict sums; echo "[$?]"
sha384sum -c -w sums; echo "[$?]"
