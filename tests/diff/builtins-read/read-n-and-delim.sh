printf 'abc' | { read -r -n 1 c1; read -r -n 2 c2; echo "[$c1][$c2]"; }
printf 'k1:v1;k2:v2;' | while IFS=: read -r -d ';' k v; do echo "$k=$v"; done
printf 'x y z' | { read -r -a arr; echo "${#arr[@]} rc=$?"; }
