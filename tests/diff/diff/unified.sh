seq 1 30 > x; seq 1 30 | sed -e "s/^5$/five/" -e "/^20$/d" -e "s/^29$/29\n29b/" > y
diff -u --label old --label new x y; echo "st=$?"
diff -U1 --label old --label new x y
diff -U0 --label old --label new x y
