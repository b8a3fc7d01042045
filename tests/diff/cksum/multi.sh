printf 'a' > x; printf 'bb' > y; printf '' > z
cksum x y z
cat x y | cksum
