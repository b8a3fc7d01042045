echo target-data > target.txt
ln -s target.txt link.txt
readlink link.txt
cat link.txt
ln target.txt hard.txt; cat hard.txt
[[ -L link.txt ]] && echo symlink; [[ -L hard.txt ]] || echo "hard not symlink"
readlink target.txt || echo "not a link rc=$?"
