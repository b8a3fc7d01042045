x=1; (x=2; echo "in $x"); echo "out $x"
y=$(echo inner; echo second); echo "$y"
z=$(printf 'trail\n\n\n'); echo "[$z]"
cd /; (cd /tmp && pwd); pwd
