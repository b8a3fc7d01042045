declare -i n=5; n+=3; echo $n
declare -r ro=1; echo $ro
declare -a a=(1 2); declare -p a
declare -l low=HELLO; echo $low
declare -u up=hello; echo $up
f() { declare loc=1; echo $loc; }; f; echo "[${loc-unset}]"
