# With IFS empty, unquoted ${!a[*]} and ${!prefix*} are one word (bash's joining).
a=(x y z); p1=1 p2=2
IFS=
printf '<%s>' ${!a[*]} "${!a[*]}" ${!p*} "${!p*}" ${!a[@]} ${!p@}; echo
IFS=:
printf '<%s>' ${!a[*]} "${!a[*]}" ${!p*} "${!p*}"; echo
unset IFS
printf '<%s>' ${!a[*]} "${!a[*]}" ${!p*} "${!p*}"; echo
