mkdir d; printf 1 > "d/$(printf 'a\tb')"; printf 2 > 'd/c\d'; printf 3 > 'd/sp ace'; printf 4 > d/x:y
printf 5 > "d/$(printf 'n\nl')"; printf 6 > d/é
tar --sort=name -cvf a.tar d
tar -tf a.tar
tar --owner=o:1 --group=g:1 --sort=name -cf b.tar d
tar -tvf b.tar | sed 's/ [0-9]\{4\}-[0-9][0-9]-[0-9][0-9] [0-9][0-9]:[0-9][0-9] / /'
tar -tf a.tar 'd/no:such' "$(printf 'd/t\tab')" 'd/b\s'; echo "st=$?"
tar -cf b.tar 'no:such'; echo "st=$?"
tar -tf a.tar 'd/c\\d' 'd/c\d' 'd/x\072y'; echo "st=$?"
tar -tf a.tar --no-unquote 'd/c\\d' 'd/a\tb'; echo "st=$?"
tar -cvf c.tar 'd/a\tb' 'd/c\\d' 'd/c\q'; echo "st=$?"
