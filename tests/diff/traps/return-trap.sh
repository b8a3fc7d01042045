f() { trap 'echo "returning from f"' RETURN; echo in-f; }
f
echo after
