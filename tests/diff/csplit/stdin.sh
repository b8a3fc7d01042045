printf 'x\ny\nz\nw\n' | csplit - /z/; echo "st=$?"
cat xx00 xx01
printf 'no newline' | csplit -f n - 1; echo "st=$?"; od -c n01
