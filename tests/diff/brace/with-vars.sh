n=3
echo {1..$n}
eval echo {1..$n}
pre=img; echo ${pre}{1,2}.png
arr=({a,b}{1,2}); echo "${#arr[@]} ${arr[*]}"
