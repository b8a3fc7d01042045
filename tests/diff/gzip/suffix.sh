printf 'hello\n' > a
gzip -S .z a; ls
gunzip -S .z a.z; ls; cat a
gzip --suffix=_x a; ls
