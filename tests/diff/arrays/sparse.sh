a=([0]=x [5]=y [10]=z)
echo "${#a[@]} ${!a[@]}"
a[3]=w; echo "${a[@]}"
unset 'a[5]'; echo "${!a[@]}"
for i in "${!a[@]}"; do echo "$i=${a[$i]}"; done
a[-1]=last; echo "${a[10]}"
