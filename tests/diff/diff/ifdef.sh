printf 'int a;\nint b;\nint c;\n' > old.c; printf 'int a;\nlong b;\nint c;\nint d;' > new.c
diff -DFEATURE old.c new.c; echo "st=$?"
diff --ifdef=NEW new.c old.c; echo "st=$?"
diff -D X old.c old.c; echo "st=$?"
printf 'x\n' | diff -D STDIN - old.c; echo "st=$?"
diff -D X /dev/null old.c; echo "st=$?"
diff -s -D X old.c old.c; echo "st=$?"
diff -s --unchanged-line-format= --line-format=%L old.c old.c 2>&1; echo "st=$?"
diff -s --unchanged-group-format= old.c old.c; echo "st=$?"
diff -q -D X old.c new.c; echo "st=$?"
printf 'c\ne\na\nb\nd\nd\nA\na\n' > p; printf 'd\n\nb\n a\n\na\n' > q
diff -D X p q; echo "st=$?"; diff --line-format='%dn%L' p q; echo "st=$?"
