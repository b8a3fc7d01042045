# `<>` on a named pipe opens both ends at once, waiting for no one (Linux's O_RDWR).
rm -f rw.fifo; mkfifo rw.fifo
exec 3<> rw.fifo
echo first >&3; echo second >&3
read -r l1 <&3; read -r l2 <&3
echo "l1=$l1 l2=$l2"
exec 3>&-
{ echo x >&4; read -r y <&4; echo "y=$y"; } 4<> rw.fifo
rm rw.fifo
