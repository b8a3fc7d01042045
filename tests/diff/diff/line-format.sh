printf 'a\nb\nc\nd\n' > x; printf 'a\nB\nc\nd\ne\n' > y
diff --unchanged-line-format= --old-line-format= --new-line-format='%L' x y; echo "st=$?"
diff --unchanged-line-format= --new-line-format= --old-line-format='%L' x y; echo "st=$?"
diff --old-line-format='-%l
' --new-line-format='+%l
' --unchanged-line-format=' %l
' x y; echo "st=$?"
diff --line-format='%dn:%L' x y; echo "st=$?"
diff --line-format='%dn:%L' x x; echo "st=$?"
diff --unchanged-line-format= --line-format='%L' x y 2>&1; echo "st=$?"
diff --changed-group-format='%<' --unchanged-group-format='' x y; echo "st=$?"
diff --changed-group-format='%>' --unchanged-group-format='' --old-group-format='' x y; echo "st=$?"
diff --new-line-format='new %L' --old-line-format='' --unchanged-line-format='' x x; echo "st=$?"
