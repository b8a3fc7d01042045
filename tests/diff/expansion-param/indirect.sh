target=value; ref=target
echo "${!ref}"
prefix_a=1 prefix_b=2
echo "${!prefix_@}"
declare -n nr=target; nr=changed; echo "$target"
arr=(x y z); idx=arr[1]; echo "${!idx}"
