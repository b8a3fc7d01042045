IFS=: read -r user pass uid gid rest <<< "root:x:0:0:root:/root:/bin/bash"
echo "$user $uid $gid [$rest]"
IFS=, read -r -a cols <<< "a,,c,"; echo "${#cols[@]}"; printf '[%s]' "${cols[@]}"; echo
IFS= read -r raw <<< $'\t indented'; echo "[$raw]"
