grade() {
  local s=$1
  if (( s >= 90 )); then echo A
  elif (( s >= 80 )); then echo B
  elif (( s >= 70 )); then echo C
  else echo F
  fi
}
for s in 95 85 72 10; do echo "$s -> $(grade $s)"; done
