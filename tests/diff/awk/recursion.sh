awk 'function fib(n) { return n < 2 ? n : fib(n - 1) + fib(n - 2) } BEGIN { print fib(20) }'
awk 'function fact(n) { return n <= 1 ? 1 : n * fact(n - 1) } BEGIN { print fact(10), fact(20) }'
awk 'function hanoi(n, a, b, c) { if (n == 0) return 0; return hanoi(n-1, a, c, b) + 1 + hanoi(n-1, c, b, a) } BEGIN { print hanoi(10, "A", "B", "C") }'
