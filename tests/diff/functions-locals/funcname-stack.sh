a() { b; }
b() { c; }
c() { echo "${FUNCNAME[@]}"; echo "${#FUNCNAME[@]}"; }
a
