printf "1 a\n2 b\n3 c\n" > j1; printf "1 x\n3 z\n4 w\n" > j2
join j1 j2; echo ---
join -a1 j1 j2; echo ---
join -a1 -a2 -e NULL -o auto j1 j2; echo ---
join -v2 j1 j2; echo ---
join -v1 -v2 j1 j2; echo ---
join -o 1.2,2.2,0 j1 j2; echo ---
join -e X -o 1.1,2.5 j1 j2; echo ---
printf "a,1\nb,2\n" > c1; printf "a,x\nb,y\n" > c2; join -t, c1 c2
printf "id v\n1 a\n" > h1; printf "id w\n1 b\n" > h2; join --header h1 h2
printf "A 1\nb 2\n" > i1; printf "a 9\nB 8\n" > i2; join -i i1 i2
printf "x 1\ny 2\n" > k1; join -1 2 -2 1 k1 j2
join -t "" j1 j2; echo "st=$?"
