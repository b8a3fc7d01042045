x=1
outer() { local x=2; inner; echo "outer x=$x"; }
inner() { x=3; echo "inner sees x=$x"; }
outer; echo "global x=$x"
counter=0; bump() { counter=$((counter+1)); }; bump; bump; echo "counter=$counter"
f() { local a b=2 c; a=1; echo "$a$b[$c]"; }; f
