seq 1 10 > f; sed 's/^7$/seven/;2d' f > g
diff f g > n.diff
(echo x; seq 1 10) > h
patch h < n.diff; echo "st=$?"; cat h | tr '\n' ' '; echo
