cat > people.txt <<'END'
bob 25 paris
alice 30 rome
carol 25 berlin
dave 4 oslo
END
sort people.txt
sort -k2,2n people.txt
sort -k2,2n -k1,1r people.txt
sort -t' ' -k3 people.txt | head -2
sort -r -n -k2 people.txt | head -1
