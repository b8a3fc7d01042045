# `! cmd` ignores set -e only when it is on as the pipeline starts.
set -e
f() { false; echo "in f"; }
! f
echo "after the first"
g() { set -e; false; echo "not reached"; }
set +e
! g
echo "not reached either"
