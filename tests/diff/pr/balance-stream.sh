printf '1\n2\f3\n4\n\f\f5\n' > d
pr -3 -b -t d
pr -b -2 -t -l 5 d
yes | pr -t | head -3
yes abc | pr -2 -l 20 -t | head -2
