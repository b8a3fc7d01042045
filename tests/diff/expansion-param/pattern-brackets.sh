# Bracket expressions holding ], ^, !, / and classes; quoted glob characters
x='a]b^c!d/e'
echo "${x//[]]/X}" "${x//[\^]/X}" "${x//[!a-c]/-}" "${x//[[:alpha:]]/.}" "${x//[\/]/S}"
x='~/*?'
echo "${x//\~/T}" "${x//'*'/S}" "${x//\?/Q}" "${x//[*?]/W}" "${x/#\~/HOME}"
x='[abc]'
echo "${x//[/L}" "${x//]/R}" "${x//\[/L}" "${x//[[]/L}"
x='a*b'; p='*'
echo "${x//$p/S}" "${x//"$p"/S}" "${x/\*/S}"
x='a-b'; echo "${x//[\-]/M}" "${x//[a\-]/M}"
