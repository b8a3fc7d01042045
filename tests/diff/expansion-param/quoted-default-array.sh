# A quoted ${x:-word} keeps "${a[@]}" / "$@" in the word as separate fields.
default=('1 2' '3')
printf '<%s>' "${undef[@]:-${default[@]}}"; echo
printf '<%s>' "${undef:-${default[@]}}"; echo
printf '<%s>' "${undef:-x "${default[@]}" y}"; echo
printf '<%s>' ${undef:-${default[@]}}; echo
set -- 'a b' c
printf '<%s>' "${undef:-$@}"; echo
printf '<%s>' "${undef:-$*}"; echo
printf '<%s>' "${1:+"$@"}"; echo
printf '<%s>' "${undef:-'q'}"; echo
