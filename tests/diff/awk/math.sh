awk 'BEGIN { printf "%.4f %.4f %.4f %.4f\n", sqrt(2), exp(1), log(10), atan2(1, 1) * 4 }'
awk 'BEGIN { printf "%.4f %.4f\n", sin(1), cos(0); print int(3.9), int(-3.9), int("12abc") }'
awk 'BEGIN { print 2^10, 2^0.5 > 1.41, 10^-2 }'
