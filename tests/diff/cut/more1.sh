printf 'name,age,city\nbob,25,NYC\nalice,,LA\n' > c
cut -d, -f1,3 c
cut -d, -f2 c
cut -d, -f3,1 --output-delimiter=';' c
cut -d, -f1- --output-delimiter=$'\t' c
cut -c1-3,5- c
cut -c-3,2-4 c
cut -c5-3 c; echo $?
cut -b2-3 --output-delimiter=: c
cut -c1,3 --output-delimiter=: c
cut -c1-2,4-5 --output-delimiter=: c
cut -d, -f2 --complement --output-delimiter=+ c
cut -d' ' -f2- <<< 'a  b c'
cut -s -d, -f1 <<< 'nodelim'
cut -d, -f1 <<< 'nodelim'
cut -d, -f2 <<< 'nodelim'
printf 'a,b\nc,d' | cut -d, -f2
cut -z -d, -f2 < <(printf 'a,b\0c,d\0') | od -c
cut -f1,3 <<< $'1\t2\t3\t4'
cut -d$'\t' -f2 <<< $'1\t2'
cut -c 2 <<< 'héllo' | od -c
cut -b 1-2 <<< 'héllo' | od -c
cut -f 1 -d : /dev/null; echo $?
cut -c; echo $?
cut -f1 -c1 c; echo $?
cut -d, -f 1,,2 c; echo $?
cut -d, -f ' 1 2' c; echo $?
cut -d, -f1 c missing; echo $?
cut -d, -f2,1,2 c
