awk 'BEGIN { print 1 " " 2, 1 " " -1, 2 " " 3 * 4, "a" 1 + 2 }'
awk 'BEGIN { x = 5; print x " " x++ " " x; print -2 ^ 2, 2 ^ 3 ^ 2, 2 ** 3 }'
awk 'BEGIN { print 10 % 3, -10 % 3, 7 / 2, 1 - - 1 }'
awk 'BEGIN { a = "x"; b = a "y" "z"; print b, length(a b) }'
