seq 1 20 > f; seq 1 20 | sed -e "s/^3$/three/" -e "s/^17$/seventeen/" > g
diff -u --label f --label g f g > p.diff; cp f orig
patch < p.diff; echo "st=$?"; diff orig f | head -4
echo x > other; patch other < p.diff; echo "st=$?"
