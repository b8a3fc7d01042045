printf 'a\nb\nc\nd\ne\n' > f
sed -n 2p f
sed -n '2,4p' f
sed -n '$p' f
sed -n '/b/,/d/p' f
sed -n '0~2p' f
sed -n '1~2p' f
sed -n '/c/,+1p' f
sed -n '2!p' f
sed '1,/c/d' f
sed '0,/a/d' f
