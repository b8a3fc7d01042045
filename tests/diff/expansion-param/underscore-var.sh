echo first second
echo "last arg: $_"
: a b c; echo "$_"
