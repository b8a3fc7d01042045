echo "a b c d" | awk '{ NF = 2; print; print NF }'
echo "a b" | awk '{ NF = 4; print; $0 = "x y z"; print NF, $2 }'
echo "a b c" | awk '{ $2 = ""; print; print NF }'
echo "a b c" | awk '{ $(NF+2) = "e"; print; print NF }'
