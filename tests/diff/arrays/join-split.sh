join() { local IFS=$1; shift; echo "$*"; }
join , a b c
join '' x y z
parts=(usr local bin); path=$(IFS=/; echo "/${parts[*]}"); echo "$path"
IFS=/ read -ra comps <<< "/a/b/c"; echo "${#comps[@]} [${comps[0]}] ${comps[3]}"
