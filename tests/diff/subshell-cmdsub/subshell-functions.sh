f() { echo "original"; }
( f() { echo "redefined"; }; f ); f
( cd / ; pwd ) >/dev/null
echo "BASH_SUBSHELL top: $BASH_SUBSHELL"
( echo "sub: $BASH_SUBSHELL"; ( echo "subsub: $BASH_SUBSHELL" ) )
