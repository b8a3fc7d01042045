seq 1 4 > x; printf '1\n2\nthree\n4\n5\n' > y
diff --line-format='%5dn|%-3dn|%03dn|%xn|%Xn|%on|%.3dn|%c'"'"'x'"'"'|%c'"'"'\101'"'"'|%%|%q|%L' x y; echo "st=$?"
diff --old-line-format='%c' --unchanged-line-format='' x y; echo "st=$?"
diff --unchanged-line-format='' --new-line-format='%c'"'"'\1234'"'"'%c'"'"''"'"'%dm%(n=1?a:b)%=%L' x y; echo "st=$?"
diff --unchanged-group-format='' --changed-group-format='%4dF%c'"'"'\12'"'"'%-4dL|%%|%x' x y; echo "st=$?"
diff --unchanged-group-format='' --new-group-format='%(1=1%>' x y; echo "st=$?"
diff --line-format='%' x y; echo "st=$?"
