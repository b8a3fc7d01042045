echo 'H4sICKVdDV4AA24xAMtIzcnJVyjPL8pJ4QIALTsIrwwAAAA=' | base64 -d > other.gz
gunzip -N other.gz; ls
cat n1
gzip -n -c n1 | gzip -dc
