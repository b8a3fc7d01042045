values=(3 7 1 5)
max=0; for v in "${values[@]}"; do ((v>max)) && max=$v; done
for i in "${!values[@]}"; do
  v=${values[i]}; bar=$(printf '%*s' "$v" ''); bar=${bar// /#}
  printf 'row%d %-*s %d\n' "$i" "$max" "$bar" "$v"
done
