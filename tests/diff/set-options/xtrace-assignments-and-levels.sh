# set -x: assignments traced once each (no second expansion), temp assignments before the command, ++ levels, PS4 expanded.
set -x
i=0; x=$((i++)); y=$((i++)) true; echo $i
a[1]=x; a[2]="p q"; a+=(y z); b=(1 "2 3"); c="x y"; c+=z; d= ; e=$(echo hi) f=2 true
declare -A m; m[k]=v; g=1 h="a b" :
(true); x=$(true; echo $(true)); f() { true; }; f; eval true
echo ''
PS4='[$LINENO] '
echo traced
PS4='\s+ '
echo z
set +x
