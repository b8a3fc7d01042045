printf 'ab\0hello\tworld\001xyz12\nlonglinelongline\r\n' > s.bin
strings -t x s.bin
strings -t d s.bin
strings -t o s.bin
strings -o s.bin
strings --radix=d s.bin
