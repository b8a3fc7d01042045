printf '%s\n' $'a\x41b' $'\101' $'bell\a' | od -An -c
echo $'single \' quote'
echo $'\e[0m' | od -An -tx1
