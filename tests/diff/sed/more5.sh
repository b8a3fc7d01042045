printf 'a\nb\n' > f
sed '1q5' f; echo $?
sed '1Q7' f; echo $?
sed -n '$=' f f
sed -n '$=' /dev/null; echo $?
sed '' /dev/null; echo $?
printf 'x' > nonl; sed 'a\y' nonl | od -c | head -1
sed '$!d' nonl f
sed -n p nonl nonl | od -c | head -1
sed 'i\' f; echo $?
sed 'a' f; echo $?
sed 'y/ab/c/' f; echo $?
sed 's/a/b/gg' f; echo $?
sed 's/a/b/0' f; echo $?
sed 'p;p' f | wc -l
sed -n '/a/,/a/p' f
sed '}' f; echo $?
sed '{p' f; echo $?
sed ':a;:a' f; echo $?
sed 'b nolabel' f; echo $?
sed 's/\(a/x/' f; echo $?
sed -E 's/a)/x/' f; echo $?
sed 's/a/\1/' f; echo $?
sed -r 's/(a)/\2/' f; echo $?
sed 'unknown' f; echo $?
sed -n '3,$p' f; echo $?
sed 'w' f; echo $?
ln -s f lnk; sed -i 's/a/Z/' lnk; ls -l lnk | cut -c1; cat f
printf 'q\n' > g; sed -i --follow-symlinks 's/q/Q/' g; cat g
sed -i 's/x/y/' ; echo $?
sed -n; echo $?
sed -e; echo $?
sed --version | head -1 >/dev/null; echo $?
printf 'k\n' > t2; ln -s t2 l2; sed -i.bak 's/k/K/' l2; ls -l l2 l2.bak | cut -c1; cat l2 t2
printf 'm\n' > t3; ln -s t3 l3; sed -i --follow-symlinks 's/m/M/' l3; ls -l l3 | cut -c1; cat t3
mkdir sub; printf 'n\n' > sub/t4; ln -s sub/t4 l4; sed --follow-symlinks -i.b 's/n/N/' l4; ls sub; cat sub/t4 sub/t4.b
