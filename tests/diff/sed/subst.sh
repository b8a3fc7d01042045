printf 'hello world\nfoo bar foo\n' > f
sed 's/o/0/' f
sed 's/o/0/g' f
sed 's/o/0/2' f
sed 's/o/0/2g' f
sed 's/[a-z]*/<&>/g' f
sed 's/foo/X/gp' f
sed -n 's/foo/X/p' f
sed 's|/|_|g' <<< 'a/b/c'
sed 's/ /\n/g' f
sed 's/\(.*\) \(.*\)/\2 \1/' f
sed -E 's/(\w+) (\w+)/\2 \1/' f
sed -E 's/(o+)/[\1]/g' f
sed 's/O/x/I' f
sed 's/x*/-/g' <<< 'abc'
sed 's/b*/-/2' <<< 'abc'
