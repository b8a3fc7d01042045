(exit 5); echo "rc=$?"
( echo in; exit 3; echo never ); echo "rc=$?"
v=$(echo val; exit 4); echo "v=$v rc=$?"
(set -e; false; echo never); echo "errexit sub rc=$?"
