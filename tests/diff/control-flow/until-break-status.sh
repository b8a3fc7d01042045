i=0
until false; do ((i++)); ((i > 2)) && break; done; echo "i=$i rc=$?"
for x in 1 2 3; do continue; done; echo "continue rc=$?"
