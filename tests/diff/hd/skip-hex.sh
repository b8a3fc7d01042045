seq 1 100 > n
hd -s 0x20 -n 0x10 n
# hexdump -s on a pipe fails in util-linux (fseek: Illegal seek); kitsh skips by reading, so the case uses a file
