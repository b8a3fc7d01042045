printf '2\n3\n\n' > data.txt
x=$(< data.txt)
echo "[$x]"
f=data.txt
y=$(<$f)
echo "[$y] ${#y}"
z=$(< missing.txt)
echo "[$z] $?"
