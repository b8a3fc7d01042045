echo "a=5; a+=2; a; a++; a; --a; a--; a" | bc
echo "a=10; a-=3; a*=2; a/=4; a; a%=2; a; a^=3; a" | bc
echo "scale=2; a=10; a/=3; a" | bc
echo "x[2]=1; x[2]++; ++x[2]; x[2]" | bc
