printf 'one\n' > a
md5sum a > sums
echo 'garbage line' >> sums
echo '# comment' >> sums
echo >> sums
md5sum -c sums; echo "[$?]"
md5sum -c --strict sums; echo "[$?]"
md5sum -c -w sums; echo "[$?]"
