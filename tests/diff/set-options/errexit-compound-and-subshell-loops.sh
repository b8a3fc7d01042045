# set -e does not look at a brace group whose failure came from an && list; ( continue ) is outside the loop.
set -o errexit
{ test no = yes && echo hi; }
echo "status=$?"
if false; then :; fi
while false; do :; done
set +e
for i in 1 2; do (echo "> $i"; continue; echo not); echo ". $i"; done
echo "ps ${PIPESTATUS[@]}"
set -e
{ true && false; }
echo not reached
