mkdir d; printf 'x' > d/f
tar -cvf a.tar d
tar -xvf a.tar
tar -cvf - d | wc -c
