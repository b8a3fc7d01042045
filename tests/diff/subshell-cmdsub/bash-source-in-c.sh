echo "[${BASH_SOURCE[0]:-none}] [$0]"
script_dir=$(dirname "${BASH_SOURCE[0]:-$0}"); echo "$script_dir"
echo "${#BASH_SOURCE[@]}"
