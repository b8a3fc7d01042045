set -x
echo "hello world" 'single' $((1+2))
y=plain
f() { return 0; }
f "arg with space"
set +x
