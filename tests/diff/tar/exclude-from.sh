mkdir -p d/s; printf 1 > d/f.txt; printf 2 > d/s/g.txt; printf 3 > d/s/h.log
printf '*.log   \n\n  \ns/g.txt\n' > ex
tar --sort=name -X ex -cf a.tar d; tar -tf a.tar
tar --sort=name --exclude-from=ex -cvf a.tar d
printf 'd/f.txt\n' | tar --sort=name -X - -cf b.tar d; tar -tf b.tar
tar -tf a.tar -X nosuch; echo "st=$?"
tar -X nosuch -cf c.tar d; echo "st=$?"; ls c.tar
tar -tf a.tar -X d; echo "st=$?"
