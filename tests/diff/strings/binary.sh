printf '\177ELF\002\001\001\000\000\000\000\000/lib64/ld-linux.so\000\001main\000printf\000' > fake
strings fake
strings -n 6 fake
