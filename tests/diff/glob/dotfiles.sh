touch .a .b c d
echo *
echo .*
shopt -s dotglob; echo *; shopt -u dotglob
echo .[!.]*
