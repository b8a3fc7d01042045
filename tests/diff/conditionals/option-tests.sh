set -o errexit
[[ -o errexit ]] && echo "errexit on"
set +o errexit
[[ -o errexit ]] || echo "errexit off"
[[ -o nosuchoption ]]; echo "rc=$?"
[ -o pipefail ] || echo "pipefail off"
