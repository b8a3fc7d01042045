seq 1000 | split -l 1 - A; ls A* | tail -3; ls A* | wc -l
seq 120 | split -l 1 -d - N; ls N* | tail -2
seq 5 | split -l 1 -a 1 - S; ls S*
seq 30 | split -l 1 -a 1 - Z; echo "st=$?"; ls Z* | wc -l
