printf 'head\n[a]\n1\n2\n[b]\n3\n[c]\n' > f
csplit f '/^\[/' '{*}'; echo "st=$?"
head xx*
