printf 'hello\n' > a
gzip -k a; ls
gzip -d -k -f a.gz; ls; cat a
