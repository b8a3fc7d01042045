f() {
  echo "in ${FUNCNAME[0]} called from line ${BASH_LINENO[0]}"
}
g() { f; }
f
g
echo "main line $LINENO"
