mkdir -p a b; seq 1 8 > a/x; seq 1 8 | sed 's/4/four/' > b/x; printf 'p\nq\n' > a/y; printf 'p\nQ\nr\n' > b/y
diff -rc a b > c.diff
cd a && patch -p1 < ../c.diff; echo "st=$?"; cd ..
diff -r a b && echo same
