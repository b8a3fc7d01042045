# `echo … | cmd`: the first stage is a subshell; its words' side effects stay there.
i=5
echo $((i++)) | cat
echo "i=$i"
unset u
echo ${u:-default} ${#i} | tr a-z A-Z
a=(one two three)
echo "${a[@]}" "${a[1]}" "${a[@]#t}" | wc -w
echo ~ | grep -c /
echo -e 'a\tb\\c' | od -c | head -n 1
echo -n abc | wc -c
echo $BASHPID | { read p; [ "$p" != "$$" ] && echo "echo ran in a subshell"; }
set -o pipefail
echo hi | { read -r x; false; }  # the reader takes the line first: no SIGPIPE race
echo "status $? ${PIPESTATUS[*]}"
set +o pipefail
echo $(( 1 / 0 )) | cat
echo "after arith error: $? ${PIPESTATUS[*]}"
echo() { builtin echo "f:$*"; }
echo a b | cat
unset -f echo
shopt -s lastpipe
echo lp | read v
echo "v=$v"
f() { echo "$1" | tr a-z A-Z; }
f hello
# Past a pipe's 64 KiB buffer the writer meets its reader's exit (SIGPIPE, 141).
x=$(printf '%0200000d' 0)
echo "$x" | head -c 3
echo " ${PIPESTATUS[*]}"
echo "$x" "$x" | wc -c
echo "$x" | { read -n 2 y; echo "$y"; }
echo " ${PIPESTATUS[*]}"
set -e
echo still | cat
echo done
