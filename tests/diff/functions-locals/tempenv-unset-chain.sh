# unset removes temporary-assignment cells one at a time, showing what lies beneath;
# a function's local is left declared but unset.
unlocal() { unset -v "$1"; }
f4() {
  v=tempenv2 eval '
    v=tempenv3 eval "
      echo \"v: \${v-(unset)}\"
      unlocal v; echo \"v: \${v-(unset)} (1)\"
      unset v; echo \"v: \${v-(unset)} (2)\"
      unlocal v; echo \"v: \${v-(unset)} (3)\"
      unlocal v; echo \"v: \${v-(unset)} (4)\"
    "
  '
}
v=global
v=tempenv1 f4
echo "after: $v"
f3() {
  local v=local1
  v=tempenv2 eval 'local v=local2; (unset v; echo "sub: ${v-(unset)}"); (unlocal v; echo "sub2: ${v-(unset)}")'
}
f3
h() { unset v; echo "h: ${v-unset}"; v=new; }
v=t h
echo "after h: $v"
