printf 'a' > x; printf 'bb' > y
sum x y
sum -s x y
