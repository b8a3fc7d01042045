echo "a b c" | xargs -t -n 2 echo 2>&1
printf "x y\0" | xargs -0 -t echo 2>&1
echo "q" | xargs -t 2>&1
