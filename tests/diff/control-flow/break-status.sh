for x in a; do false; break; done; echo "after break rc=$?"
while true; do (exit 4); break; done; echo "rc=$?"
for x in a b; do [[ $x == z ]] || continue; done; echo "after continue rc=$?"
