cat > access.log <<'END'
10.0.0.1 GET /index.html 200 512
10.0.0.2 POST /api/login 401 64
10.0.0.1 GET /about 200 1024
10.0.0.3 GET /missing 404 0
10.0.0.2 POST /api/login 200 128
END
declare -A hits bytes status_count
while read -r ip method path status size; do
  ((hits[$ip]++)); ((bytes[$ip] += size)); ((status_count[$status]++))
done < access.log
for ip in $(printf '%s\n' "${!hits[@]}" | sort); do printf '%-10s %d reqs %5d bytes\n' "$ip" "${hits[$ip]}" "${bytes[$ip]}"; done
for s in $(printf '%s\n' "${!status_count[@]}" | sort -n); do echo "$s: ${status_count[$s]}"; done
