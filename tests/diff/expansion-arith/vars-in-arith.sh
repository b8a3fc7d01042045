a=5; b=a; c=b
echo $((c + 1))
s="3 + 4"; echo $((s * 2))
unset z; echo $((z + 1))
e=""; echo $((e + 2))
arr=(10 20 30); i=1; echo $((arr[i] + arr[2]))
declare -A h=([k]=7); echo $((h[k] * 2))
