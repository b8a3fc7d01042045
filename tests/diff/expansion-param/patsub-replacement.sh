# `&` and backslashes in the replacement, with and without patsub_replacement
y=abc; r='\&'; s='\\'; t='&'; u='\x'
echo "1 ${y//b/\x}" "${y//b/\\}" "${y//b/\/}" "${y//b/\&}" "${y//b/&}" "${y//b/\\&}" "${y//b/\$}" "${y//b/\}}"
echo 2 ${y//b/$r} ${y//b/$s} ${y//b/$t} ${y//b/$u}
echo "3 ${y//b/$r}" "${y//b/$s}" "${y//b/$t}" "${y//b/$u}"
echo "4 ${y//b/"$t"}" "${y//b/'&'}" "${y//b/\\&}" "${y//b/\\\&}" ${y//b/\\&} ${y//b/"\\"&}
x='hello world'
echo "${x//o/[&]}" "${x//o/\&}" "${x//o/'&'}" "${x/world/<&>}"
shopt -u patsub_replacement
echo "5 ${y//b/\x}" "${y//b/\\}" "${y//b/\/}" "${y//b/\&}" "${y//b/&}"
echo 6 ${y//b/\x} ${y//b/\\} ${y//b/\/} ${y//b/\&} ${y//b/&} ${y//b/$r}
