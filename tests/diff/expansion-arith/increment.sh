i=5
echo $((i++)) $i $((++i)) $i $((i--)) $((--i)) $i
for ((k=10; k>0; k-=3)); do echo -n "$k "; done; echo
n=0; while ((n++ < 3)); do echo "n=$n"; done
