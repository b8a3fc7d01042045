echo "1<2; 2<1; 1<=1; 2>=3; 1==1.0; 1!=1" | bc
echo "a=1; b=2; a<b && b<3; a>b || b>3; !a; !0" | bc
echo "x = 1 < 2; x" | bc
echo "-1 < 0; .5 > .49" | bc
