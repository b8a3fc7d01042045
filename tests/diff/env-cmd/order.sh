# env lists the environment in bash's order (its hash buckets: FNV-1 of the name, 1024 for
# globals, 4 for a function's locals, the newest first in a bucket), `_` last, then what env
# itself adds; a local shadowing an exported variable is exported too.
export ZZ=1 B=2 A=3 Q=4 LONGER_NAME=5 G2=6 x_y=7
pick() { grep -E '^(ZZ|B|A|Q|LONGER_NAME|G2|x_y|PP|QQ|AB|NEW|_)='; }
env | pick
echo --
f() { local -x Q=l A=l PP=l; local B=l; export QQ=l; local AB; env | pick; declare -p B; }
f
echo --
env -u A NEW=1 B=changed | pick
export arr=(1 2); env | grep -c '^arr='
ZZ=9 Q=8 A=7 PP=6 env | pick
f() { local -x Q=1 A=2 ZZ=3 B=4; PP=1 QQ=2 AB=3 env | pick; }; f
