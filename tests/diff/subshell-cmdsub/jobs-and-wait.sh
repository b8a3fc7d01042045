# Job specs, wait statuses and PIPESTATUS after wait.
(exit 3) &
p=$!
wait "$p"; echo "wait pid=$?"
wait "$p"; echo "again=$?"
{ echo hi; exit 44; } | (cat >/dev/null; exit 88) &
echo "back=$? ${PIPESTATUS[@]}"
wait %+
echo "wait=$? ${PIPESTATUS[@]}"
wait %nonexistent; echo "nonexistent=$?"
wait zzz; echo "zzz=$?"
wait; echo "all=$?"
wait -n; echo "none=$?"
