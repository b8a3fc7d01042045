echo "$(echo "$(echo "$(echo deep)")")"
a=`echo backtick`; echo "$a"
b=$(echo `echo mixed`); echo "$b"
c=$( (echo sub1; echo sub2) | wc -l ); echo "$c"
