printf 'hello base32\n' > in
base32 in
base32 - < in
base32 in | base32 -d
