mkdir -p d/s; printf 'hello\n' > d/f; ln -s f d/l; ln d/f d/h; printf 'x' > d/s/g
chmod 644 d/f d/s/g; chmod 755 d d/s; chmod 4755 d/s/g
touch -d '2021-05-06 07:08:09' d/f d/s/g d/s d
tar --sort=name --owner=alice:1001 --group=staff:50 -cf a.tar d
tar -tvf a.tar | sed '/^l/s/ [0-9]\{4\}-[0-9-]* [0-9:]* / DATE /'
tar --numeric-owner -tvf a.tar d/s
tar --sort=name --owner=a-very-long-owner-name:7 --group=g:8 -cf b.tar d/s d/f
tar -tvf b.tar
tar --owner=1234 --group=55 -cf c.tar d/f; tar -tvf c.tar
tar --owner=x:y -cf c.tar d/f; echo "st=$?"
tar --group=99999999999 -cf c.tar d/f; echo "st=$?"
