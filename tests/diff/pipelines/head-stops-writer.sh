i=0; while :; do i=$((i+1)); echo "line $i"; done | head -n 2
echo "rc=$? ${PIPESTATUS[*]}"
