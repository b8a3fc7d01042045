# set -u: an unset variable in (( )), let and for (( )) is reported by its name alone and ends the shell
bash -c 'set -u; declare -A a; (( a[k]++ )); echo after'; echo "rc=$?"
bash -c 'set -u; declare -a b; (( b[3] += 2 )); echo after'; echo "rc=$?"
bash -c 'set -u; let "z += 1"; echo after'; echo "rc=$?"
bash -c 'set -u; for ((i=0; i<u; i++)); do :; done; echo after'; echo "rc=$?"
bash -c 'set -u; x=$(( w + 1 )); echo after'; echo "rc=$?"
bash -c 'set -u; declare -A a; a[k]=1; (( a[k]++ )); echo "${a[k]}"'; echo "rc=$?"
