human() {
  local b=$1 units=(B K M G T) i=0
  while (( b >= 1024 && i < 4 )); do b=$((b / 1024)); ((i++)); done
  echo "$b${units[i]}"
}
for n in 0 1023 1024 1536000 5368709120; do printf '%12d -> %s\n' "$n" "$(human "$n")"; done
