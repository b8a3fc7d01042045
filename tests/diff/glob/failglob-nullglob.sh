echo *.xyz
shopt -s nullglob
arr=(*.xyz); echo "${#arr[@]}"
for f in *.xyz; do echo never; done
shopt -u nullglob
shopt -s failglob
echo *.xyz
