# set: a lone + is ignored, a lone - at the end keeps the positional parameters.
set -- a b
set +
echo "$# $*"
set + -
echo "$# $*"
set - +
echo "$# $*"
set - x y
echo "$# $*"
