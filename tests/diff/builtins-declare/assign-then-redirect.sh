# Assignment-only commands assign before their redirections; cd checks what precedes "..".
abc=def > /does/not/exist1
echo "rc=$? abc=$abc"
FOO=$(echo foo) 2>/dev/null
echo "FOO=$FOO"
cd BAD/..; echo "status=$?"
cd /; cd /tmp; env | grep OLDPWD; cd - >/dev/null; pwd
