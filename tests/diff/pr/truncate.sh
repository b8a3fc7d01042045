printf '%s\n' abcdefghijklmnopqrstuvwxyz 12345 > f
pr -2 -t -w 20 f
pr -W 10 -t f
pr -m -t -w 20 f f
