x=$(false); echo "rc=$?"
x=$(true); echo "rc=$?"
if out=$(echo data; exit 1); then echo ok; else echo "failed with [$out]"; fi
local_test() { local v=$(false); echo "local masks: $?"; }; local_test
