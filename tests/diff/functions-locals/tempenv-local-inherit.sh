# A local hides a temporary assignment but takes its value (bash's localvar-inherit).
f1() { local v; echo "[$1,(local)] v: ${v-(unset)}"; }
f2() { f1 "$1,(func)"; }
f3() { local v=local; f1 "$1,local,(func)"; }
v=global
f1 'global'
v=tempenv f1 'global,tempenv'
f2 'global'
v=tempenv f2 'global,tempenv'
f3 'global'
g() { local v=2; echo "g:$v"; }; v=t g; echo "after:$v"
h() { local v; v=z eval 'local v; echo "h:${v-unset}"'; }; h
