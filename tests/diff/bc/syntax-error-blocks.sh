# GNU bc prints its bytecode address (adr=N) in runtime messages; kitsh counts differently,
# so only the message after the last ": " is compared (see the differential README).
printf 'while (1) { 3 +\n}\n7\n' | bc
printf 'define f(x) {\n 1 +; \n return 2\n}\nf(1)\n3\n' | bc
printf 'if (1) {\n  x = 3 +\n  y = 2\n}\nx; y\n' | bc
printf '"abc\n2\n' | bc
printf '1\n/* open\n1\n' | bc
