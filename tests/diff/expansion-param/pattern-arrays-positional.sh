# Pattern operators over arrays and positional parameters
a=(foo bar baz)
echo "${a[@]//a/A}" "${a[@]/#b/B}" "${a[*]/%z/Z}" "${a[@]#b}" "${a[@]%%a*}"
set -- one two three
echo "${@//o/0}" "${*/#t/T}" "${@%e}" "${*##*e}"
x='aaa'
echo "${x//a*/X}" "${x/a?/Y}"
shopt -s extglob
echo "${x//+(a)/Z}" "${x//@(a|aa)/Q}" "${x##*(a)}"
x='path/to/file.tar.gz'
echo "${x##*/}" "${x%%.*}" "${x%.*}" "${x#*.}"
