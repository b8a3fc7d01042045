paths=(/var/log/app.log ./relative/file.tar.gz name_only "/trailing/dir/")
for p in "${paths[@]}"; do
  dir=$(dirname "$p"); base=$(basename "$p")
  ext=""; [[ $base == *.* ]] && ext=${base#*.}
  printf '%-24s dir=%-14s base=%-12s ext=%s\n' "$p" "$dir" "$base" "$ext"
done
