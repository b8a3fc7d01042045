printf 'ab 2\nAb 1\naB 3\n' > f
sort -k1,1f -k2,2n f
sort -fk1,1 f
sort -k2 -rn f
sort -r -k1,1 -k2n f
sort -k1.1,1.1 -k2,2nr f
sort -b -k2 <<< $'x   2\ny 1'
sort -k2b <<< $'x   2\ny 1'
sort -k2 <<< $'x   2\ny 1'
sort -t' ' -k2 <<< $'x   2\ny 1'
sort -k1.3 <<< $'abz\naby\nabx'
sort -k1.2n <<< $'x10\ny9\nz100'
sort -k3,3 -k1 <<< $'a b\nc d e'
sort -n -k1.1,1.2 <<< $'123\n45\n9'
sort -d <<< $'a-c\nab\na c'
sort -i <<< $'b\na'
sort -R <<< $'a' 
sort --sort=numeric <<< $'10\n9'
sort -k 0 <<< x; echo $?
sort -t ab -k1 <<< x; echo $?
sort -k1,1x <<< x; echo $?
sort missing; echo $?
printf '1\n3\n5\n' > m1; printf '2\n4\n' > m2; printf 'b\na\n' > m3
sort -m m1 m2
sort -m m3 m1
sort -mn m2 m1
sort -mr m3 m3
sort -mu m1 m1
sort -m m3
