# printf -v checks its name; %()T follows TZ only when it is exported.
printf -v 'a[' %s foo; echo "status=$?"
printf -v 1a %s x; echo "status=$?"
printf -v 'a[1]' %s x; echo "status=$? ${a[1]}"
export TZ=Asia/Tokyo
printf '%(%Y-%m-%d %H)T\n' 1557978599
export TZ=US/Eastern
printf '%(%Y-%m-%d %H)T\n' 1557978599
