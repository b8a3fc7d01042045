# $? in an assignment-only command is the previous command's status.
false; s=$?; echo "s=$s"
false; a=$(exit 3) b=$?; echo "b=$b"
false; a=1 b=$?; echo "b=$b"
x=1; echo "after=$?"
f() { return 4; }
f; rc=$? other=$?; echo "$rc $other"
(exit 5); declare d=$?; echo "d=$d"
set -e; set +e; false; s=$?; echo "s=$s"
