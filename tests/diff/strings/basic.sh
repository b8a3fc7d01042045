printf 'ab\0hello\tworld\001xyz12\nlongline\r\n' > s.bin
strings s.bin
strings < s.bin
