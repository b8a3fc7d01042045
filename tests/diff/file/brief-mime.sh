printf 'hello\n' > a.txt; printf 'caf\303\251\n' > u8; : > e; mkdir d
file -b a.txt
file -i a.txt u8 e d
file --mime-type a.txt u8
file -b --mime-encoding a.txt u8
