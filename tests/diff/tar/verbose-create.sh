mkdir -p d/s sub; printf 'x' > d/f; printf 'y' > d/s/g
tar --sort=name -cvf a.tar ./d
tar --sort=name -cvf a.tar d//
tar --sort=name -cvf a.tar "$PWD/d" 2>err | sed "s|^$PWD|PWD|"; sed "s|$PWD|PWD|" err
tar -tf a.tar | sed "s|^${PWD#/}|PWD|"
cd sub && tar --sort=name -cvf ../b.tar ../d/s ./../d/f ../d/s/../f 2>&1; cd ..
tar -tf b.tar
tar --sort=name -cvf - d 2>list | wc -c; cat list
tar --sort=name -cPvf c.tar "$PWD/d/f" ../"${PWD##*/}"/d/f | sed "s|$PWD|PWD|;s|${PWD##*/}|DIR|"
tar -tf c.tar | sed "s|$PWD|PWD|;s|${PWD##*/}|DIR|"
