seq 1 12 > x; seq 1 12 | sed -e "s/^3$/three/" -e "/^10$/d" > y
diff -c --label old --label new x y; echo "st=$?"
diff -C1 --label old --label new x y
