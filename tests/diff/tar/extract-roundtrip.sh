mkdir -p d/sub; printf 'hello\n' > d/f; printf 'x' > d/sub/g
chmod 600 d/f; chmod 750 d/sub
touch -d '2021-05-06 07:08:09' d/f d/sub/g d/sub
tar -cf a.tar d
rm -r d
tar -xf a.tar
cat d/f d/sub/g; echo
stat -c '%a %Y %n' d/f d/sub d/sub/g
