declare -A registry
register() { registry[$1]=$2; }
lookup() { echo "${registry[$1]-missing}"; }
register svc1 10.0.0.1; register svc2 10.0.0.2
lookup svc1; lookup svc3
f() { local -A loc=([x]=1); echo "${loc[x]}"; }; f
echo "[${loc[x]-}]"
