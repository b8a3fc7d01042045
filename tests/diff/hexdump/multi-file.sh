printf 'abc' > a; printf 'defghijklmnopqrstu' > b
hexdump -C a b
hexdump a b
