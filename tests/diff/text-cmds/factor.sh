factor 12 97 1 0 600851475143
echo "18 19" | factor
factor x -5 12; echo "st=$?"
factor x 12; echo "st=$?"
factor 18446744073709551617; factor 340282366920938463463374607431768211455
# kitsh stops at 2^128 (GNU uses GMP): factor 99999999999999999999999999999999999999999
factor +15 " 7"; echo "st=$?"
