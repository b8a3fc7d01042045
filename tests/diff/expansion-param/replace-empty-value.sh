# ${x/pat/rep} on an empty value: replaced when the pattern starts with * and can match it;
# an unset value is never replaced.
shopt -s extglob
e=
for p in '*' '**' '*(x)' '?(a)' '@()' '+(x)' '*a' 'x' '\*'; do
  printf '%s=[%s|%s] ' "$p" "${e//$p/X}" "${e/$p/X}"
done
echo
echo "[${e/#/X}] [${e/%/X}] [${e/#*/X}] [${e/%*/X}]"
unset u
echo "[${u//*/X}] [${u/#/X}] [${u/%/X}]"
a=("" b ""); echo "[${a[*]//*/X}] [${a[*]/#/<}]"
set -- "" x; echo "[${*//*/X}]"
