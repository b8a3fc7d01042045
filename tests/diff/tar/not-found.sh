printf 'x' > f
tar -cf a.tar f
tar -xf a.tar nosuch; echo "[$?]"
tar -tf a.tar f nosuch; echo "[$?]"
