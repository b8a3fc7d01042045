mkdir -p a/b/c; printf 'deep\n' > a/b/c/f; printf 'top\n' > a/t
tar --sort=name -cf x.tar a
mkdir o1 o2
tar -xf x.tar -C o1 --strip-components=1; ls o1 o1/b/c
tar -xf x.tar -C o2 --strip-components 3; ls o2
