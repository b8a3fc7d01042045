printf 'data\n' > a
gzip -c a > b.gz; ls
gzip -dc b.gz
gzip --stdout a | gzip --decompress --stdout
