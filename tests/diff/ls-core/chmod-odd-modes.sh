# chmod with modes that are not modes: a non-ASCII first character, a lone dash, options after
touch f
chmod é6 f 2>/dev/null; echo $?
chmod - f; echo $?
chmod -w f; echo $?; stat -c %a f
chmod -- -x f; echo $?
chmod u+x -v f; echo $?
