a=$(printf 'x\n\n'); echo "[${a}]"
b=$(printf '\n\nx'); echo "[${b}]"
c=$(printf ''); echo "[${c}]"
d="$(printf 'a b\tc')"; echo "[$d]"
