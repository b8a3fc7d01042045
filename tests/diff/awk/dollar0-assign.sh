echo "one two" | awk '{ $0 = "x y z"; print NF, $3 }'
echo "a,b,c" | awk '{ FS = ","; $0 = $0; print $2 }'
echo "a b" | awk '{ $3 = "c"; print $0; print NF }'
