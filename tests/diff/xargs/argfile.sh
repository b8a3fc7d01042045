printf "f1\nf2\n" > list.txt
xargs -a list.txt echo got
xargs -a nosuch.txt echo; echo "st=$?"
echo from-stdin | xargs -a list.txt sh -c "cat; echo \"\$@\"" sh
