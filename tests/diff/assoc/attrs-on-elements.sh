# Element assignment through attributes and namerefs (each has its own path).
declare -A low=() up=() num=() plain=()
declare -l low; declare -u up; declare -i num
low[a]=MiXeD; up[a]=MiXeD; num[a]=3+4; num[a]+=2; plain[a]=x; plain[a]+=y
declare -p low up num plain
declare -n ref=plain
ref[b]=viaref; echo "${plain[b]} ${ref[a]}"
declare -rA ro=([k]=v)
ro[k]=w; echo "status $?"
ro[new]=w; echo "status $?"
echo "${ro[k]} ${#ro[@]}"
plain[]=empty; echo "status $?"
plain[a]=again; plain[c]=new; echo "${#plain[@]} ${plain[a]}"
f() { local -A loc=([x]=1); loc[x]=2; loc[y]=3; echo "${loc[x]}${loc[y]}"; }; f
