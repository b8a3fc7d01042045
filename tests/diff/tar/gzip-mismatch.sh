printf 'x' > f
tar -cf a.tar f
tar -xzf a.tar; echo "[$?]"
tar -czf a.tgz f; tar -tf a.tgz; echo "[$?]"
