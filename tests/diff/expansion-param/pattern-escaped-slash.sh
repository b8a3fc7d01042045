# An escaped or quoted `/` in the pattern of ${x/p/r}, quoted and unquoted
x='a/b/c'
echo "${x/\//_}" "${x//\//_}" "${x//'/'/_}" "${x//"/"/_}"
echo ${x/\//_} ${x//\//_}
echo "${x//[\/]/S}" ${x//[\/]/S}
y=abc
echo "${y//b/\/}" ${y//b/\/} "${y//b/\x}" ${y//b/\x}
