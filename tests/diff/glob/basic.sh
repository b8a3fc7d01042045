touch a.txt b.txt c.log .hidden
echo *.txt
echo *.none
shopt -s nullglob; echo [*.none]; shopt -u nullglob
echo ?.log
for f in *; do echo "file: $f"; done
