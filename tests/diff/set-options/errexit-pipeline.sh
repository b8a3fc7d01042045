set -e
false | true
echo "pipeline last true: continue"
set -o pipefail
true | false | true
echo never
