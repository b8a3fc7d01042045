seq 1 10 > f; seq 1 10 | sed '3a\
new
7d' > g
diff -U0 --label f --label g f g > u.diff; cat u.diff
cp f h; patch h < u.diff; echo "st=$?"; cmp h g && echo same
patch -R h < u.diff; echo "st=$?"; cmp h f && echo back
(echo z; seq 1 10) > k; patch k < u.diff; echo "st=$?"; cat k | tr '\n' ' '; echo
