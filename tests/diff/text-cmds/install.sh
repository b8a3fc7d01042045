echo hi > a
install a b; ls -l b | cut -c1-10
install -m 644 a c; ls -l c | cut -c1-10
install -d d1/d2; ls -ld d1/d2 | cut -c1-10
install -D a x/y/z; ls x/y
install -v a e
install -t d1 a; ls d1
install -d -m 700 dm; ls -ld dm | cut -c1-10
install a d1/d2/; ls d1/d2
install -vD a p/q/r
install -m u=rw,go=r a s; ls -l s | cut -c1-10
install -C a b; echo "st=$?"
install a a; echo "st=$?"
