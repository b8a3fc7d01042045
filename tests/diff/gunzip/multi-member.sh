echo 'H4sIAAAAAAAAA8vPS+UCAJ+oF/gEAAAAH4sIAAAAAAAAAyspz+cCAHQIF5YEAAAA' | base64 -d > m.gz
gunzip -c m.gz
cat m.gz m.gz > mm.gz
gunzip -c mm.gz
