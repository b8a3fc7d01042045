set -x
x=(a b)
set +x
