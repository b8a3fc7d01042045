path=/usr/local/lib/libfoo.so.1.2
echo "${path##*/}" "${path%/*}" "${path#*/}" "${path%%.*}"
f=archive.tar.gz
echo "${f%.gz}" "${f%%.*}" "${f#*.}" "${#f}"
s="Hello World"
echo "${s,,} ${s^^} ${s/o/0} ${s//o/0} ${s:6} ${s:0:5} ${s: -3}"
