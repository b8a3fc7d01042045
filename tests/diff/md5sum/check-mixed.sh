printf 'hello\n' > a
sha1sum a | md5sum -c; echo "[$?]"
printf 'SHA1 (a) = b1946ac92492d2347c6235b4d2611184\n' | md5sum -c; echo "[$?]"
printf '\\b1946ac92492d2347c6235b4d2611184  a\\x\n' | md5sum -c; echo "[$?]"
