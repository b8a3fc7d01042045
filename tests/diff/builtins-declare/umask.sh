umask 022
umask
umask -S
umask 077; umask
