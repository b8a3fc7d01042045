# bash -i reads its rcfile (exit there ends it); PROMPT_COMMAND runs before each prompt.
echo 'echo RCFILE' > rc
bash --rcfile rc -i -c 'echo 2' 2>/dev/null
printf 'echo one\nexit 42\necho two\n' > rc2
bash --rcfile rc2 -i -c 'echo hello' 2>/dev/null
echo "status=$?"
printf 'f() { echo "last=$?"; }\nPROMPT_COMMAND=f\n( exit 42 )\necho ok\n' | PS1= bash --rcfile /dev/null -i 2>/dev/null
HOME=$PWD bash --norc -i -c 'echo "${HISTFILE##*/} $HISTSIZE"' 2>/dev/null
