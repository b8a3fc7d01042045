printf 'a b c d\n' > f
cut -d' ' -f2-3 f
cut -d ' ' -f 1,4 f
cut -d' ' -f3- --complement f
cut -c1-100 f
cut -c 3-3 f
cut -b -1,3- f
cut -f2 -d' ' -s f
cut -d' ' --fields=2 f
cut --characters=2 f
cut --bytes=1-2 f
cut --delimiter=' ' -f1 f
cut -n -b1-2 f
cut -d' ' -f1 --only-delimited f
cut -d' ' -f2- <<< $'a b\nc\nd e f'
cut -d, -f1,1 <<< 'x,y'
cut -d, -f1-1 <<< 'x,y'
cut -d, -f2-,1 <<< 'x,y,z'
cut -c2- <<< $'\n'
cut -d, -f2 <<< $'a,b\r'
cut -d, -f3 -s <<< 'a,b'
cut -d '' -f1 <<< 'a'; echo $?
cut -f 1 -d $'\n' <<< 'abc'; echo $?
cut -b 0; echo $?
cut -b 1- -c1 f; echo $?
cut -f 2-1 f; echo $?
cut --complement -c 2 f
cut -d ' ' -f 4-10 --output-delimiter=XX f
