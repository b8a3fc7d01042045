n=$(printf 'x%.0s' $(seq 1 120)); mkdir -p "p/$n"; printf 'deep\n' > "p/$n/file-with-a-rather-long-name-too.txt"
tar -cf a.tar p
tar -tf a.tar | wc -c
rm -r p; tar -xf a.tar; cat p/*/*.txt
