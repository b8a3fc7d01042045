printf 'a\nb\nc\n' > x; printf '1\n2\n' > y; touch -d '2024-01-01 00:00' x y
pr -m -t x y
pr -m -t -s'|' x y
pr -m -t -S' :: ' x y
pr -m -t -n x y
