v=global
f() { local v; echo "[${v-unset}]"; v=l; unset v; echo "[${v-unset2}]"; }
f; echo "$v"
g() { local -i n=5; n+=1; echo $n; }; g
h() { local arr=(1 2 3); echo ${#arr[@]}; }; h; echo "[${arr[*]}]"
