function one { echo one; }
function two() { echo two; }
three() ( echo "three in subshell"; x=changed )
x=orig; one; two; three; echo "$x"
four() { echo four; } >/dev/null; four; echo "four redirected"

