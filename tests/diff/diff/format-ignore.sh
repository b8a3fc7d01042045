printf 'a\n\nb\n# c1\nc\n' > x; printf 'a\nb\n# c2\nC\n' > y
diff -B --line-format='%dn %L' x y; echo "st=$?"
diff -I '^#' --unchanged-line-format='=%L' --old-line-format='-%L' --new-line-format='+%L' x y; echo "st=$?"
diff -B -I '^#' -i -D X x y; echo "st=$?"
diff -i --changed-group-format='[%<|%>]' --unchanged-group-format='' x y; echo "st=$?"
printf 'p\nq' > n1; printf 'p\nr' > n2
diff --line-format='<%l>%L' n1 n2 | od -c | sed 's/  */ /g'; echo "st=$?"
diff --old-line-format='%l|' --new-line-format='%L|' --unchanged-line-format='%L' n1 n2; echo "st=$?"
