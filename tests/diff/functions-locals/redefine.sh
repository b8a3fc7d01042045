f() { echo v1; }
f
f() { echo v2; }
f
g() { f() { echo inner-def; }; }
g; f
