json_escape() {
  local s=$1
  s=${s//\\/\\\\}
  s=${s//\"/\\\"}
  s=${s//$'\n'/\\n}
  s=${s//$'\t'/\\t}
  printf '"%s"' "$s"
}
val=$'say "hi"\n\tpath C:\\dir'
printf '{"msg":%s}\n' "$(json_escape "$val")"
