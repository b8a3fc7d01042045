mkdir -p a/b/c && echo made
mkdir a 2>/dev/null || echo "exists rc=$?"
touch a/b/c/f.txt
rm a/b/c/f.txt && echo removed-file
rm -r a && echo removed-tree
[[ -e a ]] || echo gone
rm nothing.txt
echo "rc=$?"
rm -f nothing.txt; echo "forced rc=$?"
