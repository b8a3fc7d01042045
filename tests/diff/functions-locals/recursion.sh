fact() { if (( $1 <= 1 )); then echo 1; else echo $(( $1 * $(fact $(( $1 - 1 ))) )); fi; }
fact 10
fib() { local n=$1; (( n < 2 )) && { echo $n; return; }; echo $(( $(fib $((n-1))) + $(fib $((n-2))) )); }
fib 12
depth() { local d=$1; (( d == 0 )) && { echo bottom; return; }; depth $((d-1)); }; depth 50
