printf '[%*d]\n' 6 42
printf '[%-*s]\n' 8 left
printf '[%.*f]\n' 2 3.14159
for w in 2 4; do printf '%0*d\n' "$w" 7; done
