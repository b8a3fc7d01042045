f() { :; }
readonly -f f
f() { echo x; }
echo "rc=$?"
