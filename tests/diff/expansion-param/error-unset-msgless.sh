f() { echo "${1:?}"; }
f ok
( f )
echo "failed: $(( $? != 0 ))"
