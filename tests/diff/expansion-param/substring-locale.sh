# ${x:off:len} over multibyte text in a UTF-8 locale and byte by byte in the C locale; the
# locale follows LC_ALL / LC_CTYPE / LANG as they change, also in functions and temporarily.
x='héllo wörld'
echo "${x:1:3}|${x: -4}|${x:3}|${x:0:0}|${x:20}|${x: -3:2}"
LC_ALL=C.UTF-8; echo "${x:1:3}|${x: -4}|${x:3}|${x:1:-2}|${#x}"
unset LC_ALL; echo "${#x}"
LANG=C.UTF-8; echo "${#x} ${x:1:1}"
LC_CTYPE=C; echo "${#x}"; unset LC_CTYPE
f() { local LC_ALL=C; echo "in f: ${#x}"; }; f; echo "after f: ${#x}"
g() { echo "in g: ${#x}"; }; LC_ALL=C g; echo "after g: ${#x}"
unset LANG; y=abcdef; echo "${y:2:2} ${y: -2} ${y:1:-1}"
echo "${y:1:-9}"
