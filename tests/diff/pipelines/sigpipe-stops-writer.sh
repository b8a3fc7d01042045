f() { local i=0; while ((i < 100000)); do echo "some longer line $((i++))"; done; echo "writer finished" >&2; }
f | head -n 1
echo "status ${PIPESTATUS[*]}"
