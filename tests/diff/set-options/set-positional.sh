set -- x y z
echo "$# $*"
set -- "$@" w; echo "$#"
set -e -- a b; echo "$# $1"
set +e
