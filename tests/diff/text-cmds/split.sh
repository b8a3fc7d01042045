seq 10 > in
split -l 3 in; ls x*; cat xad
split -l 3 -d in p; ls p*
split -b 5 -a 3 --additional-suffix=.txt in q; ls q*; cat qaab.txt; echo
split -n 3 in n; wc -c n*
split -n l/3 in L; wc -l L*
split -n 2/3 in; echo "|"
split -n r/3 in R; cat Raa
split -C 6 in C; cat Cab
split --verbose -l 5 in V
split -x -l 4 in H; ls H*
split -e -n 12 in E; ls E* | wc -l
split -n 12 in F; ls F* | wc -l
printf "a,b,c,d,e" | split -t, -l 2 - T; cat Taa; echo
split -4 in D; ls D*
