cat > lib.sh <<'END'
LIB_VERSION=1.2
greet() { echo "hello $1 from lib"; }
END
source ./lib.sh
greet world; echo "$LIB_VERSION"
echo 'echo "args: $# $1"' > args.sh
. ./args.sh one two
