printf 'one\ntwo\nthree\n' > f
pr -n -t f
pr -n: -t f
pr -n.3 -t f
pr -t -N 10 -n f
pr -t -n -2 f
