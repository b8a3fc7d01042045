mkdir -p d/.git; printf 'a' > d/a.txt; printf 'b' > d/b.log; printf 'c' > d/.git/c
tar --sort=name --exclude='*.log' --exclude=.git -cf a.tar d
tar -tf a.tar
