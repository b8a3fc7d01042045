services=(web:80 api:8080 db:5432)
for s in "${services[@]}"; do
  name=${s%:*} port=${s#*:}
  cat > "$name.conf" <<CONF
[service]
name = $name
port = $port
public = $([[ $port -lt 1024 ]] && echo yes || echo no)
CONF
done
for f in *.conf; do echo "== $f"; cat "$f"; done
