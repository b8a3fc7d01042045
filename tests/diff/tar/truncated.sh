mkdir d; seq 1 2000 > d/f
tar -cf a.tar d
head -c 3000 a.tar > t.tar
tar -tf t.tar; echo "[$?]"
mkdir o; tar -xf t.tar -C o; echo "[$?]"
