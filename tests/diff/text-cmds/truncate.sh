truncate -s 10 t; wc -c < t
truncate -s +5 t; wc -c < t
truncate -s -3 t; wc -c < t
truncate -s %5 t; wc -c < t
truncate -s /4 t; wc -c < t
truncate -s "<2" t; wc -c < t
truncate -s ">20" t; wc -c < t
truncate -c -s 5 nosuch; ls nosuch 2>&1
truncate -s 1K k; wc -c < k
truncate -r k t; wc -c < t
printf "hello world" > h; truncate -s 5 h; cat h; echo
