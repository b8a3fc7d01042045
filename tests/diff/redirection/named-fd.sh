exec {fd}> out.txt
echo "via named fd" >&$fd
exec {fd}>&-
cat out.txt
[[ $fd =~ ^[0-9]+$ ]] && (( fd >= 10 )) && echo "fd number ok"
