gen() {
  local name=$1
  cat <<END
name: $name
upper: ${name^^}
END
}
out=$(gen bob); echo "$out"
while read -r k v; do echo "$k -> $v"; done < <(gen amy)
