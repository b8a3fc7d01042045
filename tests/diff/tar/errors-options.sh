tar -q; echo "[$?]"
tar --bogus; echo "[$?]"
tar -f a.tar; echo "[$?]"
tar -c -x -f a.tar x; echo "[$?]"
