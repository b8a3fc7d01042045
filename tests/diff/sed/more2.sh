printf 'a\nb\nc\nd\ne\nf\n' > f
sed '2,4!d' f
sed -n '3,1p' f
sed -n '/c/,1p' f
sed -n '$!{$!p}' f | head -2
sed '2~3s/$/ */' f
sed -n '2,~4p' f
sed '/b/,/d/c\
CHANGED' f
sed '/b/,/d/{c\
CH
}' f
sed -n '/x/,/y/p' f
sed -n '/e/,/nomatch/p' f
sed 'a\' f | head -2
sed -n -e '2{p;p}' f
sed -e 's/a/A/' -e 's/A/B/' f | head -1
printf 's/b/B/\n/d/d\n' > script.sed; sed -f script.sed f
sed --expression='s/c/C/' f | sed -n 3p
sed -n '/[aeiou]/p' f
sed '2r script.sed' f | head -5
sed '$r script.sed' f | tail -2
sed 'R script.sed' f | head -4
sed '1!G;h;$!d' f
sed -n '2{h;d};4{G;p}' f
sed 'z;s/^$/empty/' f | head -1
sed '/c/F' f | sed -n 3,4p
sed 'T;s/a/b/' f | head -1
sed 's/a/x/;t;s/$/!/' f | head -2
sed ':a;s/^.\{1,3\}$/ &/;ta' f | head -1
