echo "1; 2; 3" | bc
echo "{ 1; 2 }" | bc
echo "x=1;y=2;x+y" | bc
printf '1 + \\\n2\n' | bc
