for i in $(seq 1 3000); do echo "line $i"; done | head -n 2
echo "rc=$? ${PIPESTATUS[*]}"
