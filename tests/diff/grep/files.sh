printf 'x1\ny\n' > a.txt; printf 'y\n' > b.txt; printf 'x2\n' > c.log
grep x a.txt b.txt c.log
grep -h x a.txt c.log
grep -H x a.txt
grep -l x a.txt b.txt c.log
grep -L x a.txt b.txt c.log
grep -c x a.txt b.txt
grep x missing a.txt; echo $?
grep -s x missing a.txt; echo $?
grep -q x missing a.txt; echo $?
mkdir -p d/sub; printf 'x3\n' > d/sub/e.txt; printf 'x4\n' > d/f.log
grep -r x d | sort
grep -r --include='*.txt' x d
grep -r --exclude='*.txt' x d
grep -rl x . | sort
grep -rh x d | sort
grep -rn x d/sub
grep x d; echo $?
grep -r --exclude-dir=sub x d
