mkdir d; printf 'one\n' > d/1; printf 'two\n' > d/2
tar --sort=name -cf a.tar d
tar -xOf a.tar
tar -xOf a.tar d/2
tar -O -xf a.tar d/1; ls
