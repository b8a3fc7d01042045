set -euo pipefail
echo "$-" | tr -d 'hBc' 
shopt -qo errexit && echo errexit-on
set +e; shopt -qo errexit || echo errexit-off
set -o | while read -r name state; do [[ $name == nounset || $name == pipefail ]] && echo "$name $state"; done
