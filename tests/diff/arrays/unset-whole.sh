a=(1 2 3)
unset a; echo "[${a[*]}] ${#a[@]}"
b=(x y z); b=(); echo "${#b[@]}"
c=(p q); unset 'c[@]'; echo "${#c[@]}"
