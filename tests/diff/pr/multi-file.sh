printf 'a\n' > x; printf 'b\n' > y; touch -d '2024-01-01 00:00' x y
pr x y | grep -c Page
pr -l 11 x y
