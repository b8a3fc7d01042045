printf 'a\nb\nc\nd\n' > f
sed -n '1!G;h;$p' f
sed ':a;N;$!ba;s/\n/,/g' f
sed 'N;P;D' f
sed '$!N;s/\n/ /' f
printf 'a\n\n\n\nb\n\nc\n' > g
sed '/^$/N;/\n$/D' g
sed '/^$/d' g
sed -n '/^$/!p' g
sed 'x;$!d' f
sed '1h;2,$H;$!d;x' f
sed G f
sed -n 'h;n;G;p' f
sed '=' f
sed -n '$=' f
sed 'n;d' f
sed '2q' f
sed '2Q' f
sed 'y/abc/xyz/' f
sed 'l' <<< $'a\tb'
