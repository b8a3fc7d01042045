cat > app.ini <<'END'
[server]
host=0.0.0.0
port=80
[database]
host=db.local
user=admin
END
section=""; declare -A ini
while IFS= read -r line; do
  case $line in
    \[*\]) section=${line:1:${#line}-2} ;;
    *=*) ini[$section.${line%%=*}]=${line#*=} ;;
  esac
done < app.ini
echo "${ini[server.port]} ${ini[database.host]} ${ini[database.user]}"
printf '%s\n' "${!ini[@]}" | sort
