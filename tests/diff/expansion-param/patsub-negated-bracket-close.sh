# `]` first in a negated bracket (`[^]]`, `[!]]`): bash measures such a pattern one character
# too long in ${x/pat/rep} (its MATCHLEN), so it never matches there; `#`, `%`, `[[ ]]` match it.
s=abc; echo 1 ${s/[^]]/X}; echo 2 ${s/[^]]*/X}; echo 3 ${s/[^]]b/X}; echo 4 ${s/*[^]]/X}; echo 5 ${s/[^]]?/X}; echo 6 ${s/[^x]/X}; p="[^]]"; echo 7 ${s/$p/X}; echo 8 ${s/[^]]c/X}; echo 9 ${s/b[^]]/X}; echo 10 ${s/[]^]/X}; echo 11 ${s/[^]x]/X}; t="a/b"; echo 12 ${t/[^]]\//X}; echo 13 ${s/@([^]])/X}; echo 14 ${s/[^]]*c/X}
s="ab^cd^"; echo ${s/#[^]]/z} ${s/%[^]]/z} ${s%[^]]} ${s##[^]]} ${s/[^]]b/z} ${s/a[^]]/z} ${s//[^]]*/z} ${s//?([^]])/z}
x="a]b"; echo ${x//[^]]/z} ${x//[]]/z} ${x//[!]]/z} ${x//[[:alpha:]]/z} ${x//[[.].]]/z} ${x//[\]]/z} ${x//[a[]/z} ${x//[/z} ${x//[ab/z}
a=(x]y ab "]]"); echo "${a[@]//[^]]/-}" "${a[@]//[^]]]/-}"
set -- a]b cc; echo "${@//[!]]/_}" "${*/[a]/_}"
