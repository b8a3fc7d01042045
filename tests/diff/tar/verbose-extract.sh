mkdir -p a/b/c o1 o2 o3; printf 'deep\n' > a/b/c/f; printf 'top\n' > a/t
touch -d '2021-05-06 07:08:09' a/b/c/f a/t a/b/c a/b a
tar --sort=name --owner=u:1 --group=g:2 -cf x.tar a
tar -xvf x.tar -C o1 --strip-components=2
tar -xvvf x.tar -C o2 --strip-components=1 a/b
tar -xvf x.tar -C o3 --strip-components=9; echo "st=$?"; ls o3
tar -cPf p.tar "$PWD/a/t" a/../a/t ./a/b/c
mkdir o4; cd o4; tar -xvf ../p.tar 2>&1 | sed "s|$OLDPWD|PWD|;s|${OLDPWD#/}|PWD|"; echo "st=$?"; cd ..
tar -tf p.tar 2>&1 >/dev/null | sed "s|${PWD#/}|PWD|"
tar -xvOf x.tar a/t 2>&1
