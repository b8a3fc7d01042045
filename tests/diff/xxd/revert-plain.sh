printf 'hello world\n' > h
xxd -p h | xxd -r -p
echo '68 65 6c 6c 6f 0a' | xxd -r -p
echo '48656C6C6F210A' | xxd -r -ps
printf '6\n8\n6\n9\n0a' | xxd -r -p
