set -o pipefail
false | true; echo "rc=$?"
true | true; echo "rc=$?"
(exit 2) | (exit 3) | true; echo "rc=$?"
set +o pipefail
false | true; echo "rc=$?"
