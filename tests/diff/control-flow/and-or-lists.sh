true && echo a || echo b
false && echo c || echo d
false || false || echo e
true && false && echo f; echo "rc=$?"
[[ -d nodir ]] || mkdir nodir && echo created
! true; echo "neg=$?"; ! false; echo "neg=$?"
