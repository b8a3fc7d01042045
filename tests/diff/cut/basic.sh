printf 'a:b:c:d\n1:2:3:4\nnodelim\n' > f
cut -d: -f2 f
cut -d: -f1,3 f
cut -d: -f2- f
cut -d: -f-2 f
cut -d: -f2 -s f
cut -d: -f2 --complement f
cut -d: -f1,2 --output-delimiter=' | ' f
cut -c1-3 f
cut -c2,4 f
cut -c3- f
cut -b1 f
cut -c-2 f
cut -d: -f3,1 f
cut -d: -f1-2,2-3 f
cut -c1-2 --complement f
echo 'a b  c' | cut -d' ' -f3
cut -f2 <<< $'x\ty\tz'
cut -d: -f5 f
cut f; echo $?
cut -d: -f0 f; echo $?
cut -d:: -f1 f; echo $?
printf 'abc' | cut -c2
cut -c1 - < f
