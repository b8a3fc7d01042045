tar -cf a.tar nosuch; echo "[$?]"
printf 'x' > f
tar -cf b.tar f nosuch; echo "[$?]"
tar -tf b.tar
tar -cf c.tar; echo "[$?]"
