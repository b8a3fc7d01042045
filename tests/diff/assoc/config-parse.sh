cat > app.conf <<'END'
# comment
host = localhost
port=8080

name = my app
END
declare -A cfg
while IFS='=' read -r k v; do
  k=${k//[[:space:]]/}; [[ -z $k || $k == \#* ]] && continue
  v="${v#"${v%%[![:space:]]*}"}"; cfg[$k]=$v
done < app.conf
echo "host=${cfg[host]} port=${cfg[port]} name=[${cfg[name]}]"
echo "${#cfg[@]}"
