# util-linux rev in the C locale: a byte from 0x80 up stops the file, naming the lines done.
export LC_ALL=C
printf 'ab\ncd\nx\303\251\ncd\n' | rev; echo "status $?"
printf 'ab\n\303\251\n' > one; printf 'xy\n' > two
rev one two; echo "status $?"
export LC_ALL=C.UTF-8
printf 'ab\ncd\nx\303\251\ncd\n' | rev; echo "status $?"
