x=g
a() { local x=a; b; echo "a: $x"; }
b() { local x=b; c; echo "b: $x"; }
c() { x=c-set; echo "c sees: $x"; }
a; echo "global: $x"
d() { local x; x=${x:-empty}; echo "d: $x"; }; d
