echo "s=0; for (i=1; i<=100; i++) s+=i; s" | bc
echo "p=1; for (i=1; i<=30; i++) p*=2; p" | bc
echo "scale=10; s=0; for (i=1; i<=10; i++) s+=1/i; s" | bc
