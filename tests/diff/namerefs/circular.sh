# Circular namerefs read as empty with a warning; writing through them fails.
declare -n r1=r2
declare -n r2=r1
echo "defined $?"
echo "r1=[$r1]"
r1=z
echo "mutated $?"
