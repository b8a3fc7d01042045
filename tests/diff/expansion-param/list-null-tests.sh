set -- "" ""; echo "[${*:-x}]" "[${@:-x}]" [${*:-x}] [${@:-x}]
IFS=; echo "[${*:-x}]" "[${@:-x}]" [${*:-x}] [${@:-x}]
IFS=:; echo "[${*:-x}]"; set -- ""; echo "[${*:-x}]" "[${@:-x}]"
a=("" ""); echo "[${a[*]:+y}]" "[${a[@]:+y}]"
IFS=; echo "[${a[*]:+y}]" "[${a[@]:+y}]" [${a[*]:+y}]
unset IFS
t() {
  echo "a[@]: '${a[@]-no-colon}' '${a[@]:-with-colon}'"
  echo "a[*]: '${a[*]-no-colon}' '${a[*]:-with-colon}'"
  ref='a[@]'
  echo "ref=a[@]: '${!ref-no-colon}' '${!ref:-with-colon}'"
  ref='a[*]'
  echo "ref=a[*]: '${!ref-no-colon}' '${!ref:-with-colon}'"
}
a=(); t; a=(""); t; a=("" ""); t; IFS=; t
IFS=; a=("" ""); printf '<%s>' ${a[*]:-empty}; echo
set -- "" ""; echo argv=${*-minus} argv=${*+plus} argv=${*:-minus} argv=${*:+plus}
