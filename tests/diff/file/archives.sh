printf 'hi\n' > a
gzip -n -c a > n.gz; gzip -9 -n -c a > m.gz; gzip -1 -n -c a > f.gz
tar -cf t.tar a
file n.gz m.gz f.gz t.tar
