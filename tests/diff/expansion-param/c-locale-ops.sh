# In the C locale, parameter operators see bytes: substrings, `?`, bracket classes, case
# changes and anchored removals split multibyte characters as bash does.
export LC_ALL=C
x='héllo wörld'
a=(é ñu 'aé b')
show() { printf '%s\n' "$@" | od -An -c; }
show "${x:1:2}" "${x:2}" "${x: -3}" "${x:1:1}"
show "${x//?/.}" "${x#h?}" "${x%?d}" "${x##*?}" "${x%%ö*}"
show "${x/é/E}" "${x//[^a-z]/_}" "${x//[[:alpha:]]/A}" "${x//[[:print:]]/p}"
show "${x^^}" "${x^}" "${a[@]^^}" "${x~~}"
show "${a[@]//?/-}" "${a[@]:1:1}" "${a[1]:1}"
shopt -s patsub_replacement
show "${x/?ll/[&]}"
shopt -s nocasematch
show "${x/HÉ/he}"
shopt -u nocasematch
case "${x:1:1}" in ?) echo one-byte;; *) echo other;; esac
[[ ${x:1:1} == [[:alpha:]] ]] && echo alpha || echo not-alpha
set -- "é1" "ü2"
show "${@:1:1}" "${@//?/.}" "${*#?}"
y=$'\xc3'; show "${y}" "${#y}" "${y}${x:2}"
unset LC_ALL
show "${x:1:2}" "${x//?/.}" "${x^^}"
