unset u; e=
echo "${u:-def} ${e:-def} ${e-def} ${u-def}"
echo "${u:=set}" "$u"
echo "${e:+alt}" "${u:+alt}"
( : "${v:?v is required}" ); echo "status $?"
