http_status() {
  case $1 in
    2??) echo "ok" ;;
    301|302) echo "redirect" ;;
    4[0-9][0-9]) echo "client error" ;;
    5*) echo "server error" ;;
    *) echo "unknown" ;;
  esac
}
for c in 200 204 302 404 503 99; do echo "$c: $(http_status $c)"; done
