cat > .env <<'END'
PORT=8080
HOST=
DEBUG=yes
BAD LINE
TIMEOUT=abc
END
errors=0; lineno=0
while IFS= read -r line; do
  ((lineno++))
  [[ $line =~ ^([A-Z_]+)=(.*)$ ]] || { echo "line $lineno: malformed: $line" >&2; ((errors++)); continue; }
  key=${BASH_REMATCH[1]} val=${BASH_REMATCH[2]}
  [[ -n $val ]] || { echo "line $lineno: $key is empty" >&2; ((errors++)); continue; }
  case $key in PORT|TIMEOUT) [[ $val =~ ^[0-9]+$ ]] || { echo "line $lineno: $key not numeric" >&2; ((errors++)); continue; };; esac
  echo "ok: $key=$val"
done < .env
echo "$errors error(s)"; (( errors == 0 ))
