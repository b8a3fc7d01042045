touch README.md readme.txt Other.MD
shopt -s nocaseglob
echo readme*
echo *.md
shopt -u nocaseglob
echo *.md
