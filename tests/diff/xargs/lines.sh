printf "a b \nc\nd e\n" | xargs -L 1 echo
printf "x\n\n\ny\n" | xargs -L 1 echo
printf "1\n2\n3\n4\n5\n" | xargs -L 2 -t echo 2>&1
