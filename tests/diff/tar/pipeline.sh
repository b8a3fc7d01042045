mkdir -p src/x; printf '1\n' > src/x/a
tar -cf - src | tar -tf -
mkdir dst; tar -czf - src | tar -xzf - -C dst
cat dst/src/x/a
