# An EXIT trap that calls exit sets the script's status; trap with one bad operand is a usage error.
trap foo
echo "status=$?"
err() { echo "err status=$? [${PIPESTATUS[*]}]"; }
trap err ERR
false
echo C | grep zzz
trap - ERR
cleanup() { echo "cleanup [$*]"; exit 42; }
trap 'cleanup x y' EXIT
echo end
