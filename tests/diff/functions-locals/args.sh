show() { echo "n=$#"; local i=1; for a in "$@"; do echo "  $i: [$a]"; ((i++)); done; }
show a "b c" '' d
wrapper() { show "$@" extra; }
wrapper x "y z"
last() { echo "${!#}"; }; last p q r
