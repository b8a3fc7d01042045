set -euo pipefail
IFS=$'\n\t'
main() {
  local -a items=()
  local dir=${1:-.}
  for f in "$dir"/*; do [[ -e $f ]] || continue; items+=("${f##*/}"); done
  echo "found ${#items[@]} item(s)"
  printf ' - %s\n' "${items[@]:-none}"
}
touch 'a file' b
main
mkdir empty; main empty
