# The command hash table: bash's listing order (its buckets, newest first) and hit counts.
hash cat ls grep sed awk
hash
hash -l
cat </dev/null; cat </dev/null; ls >/dev/null
hash
hash -d ls; hash sort; hash
hash -t cat sort
