# Computed variables exist for `[[ -v ]]`, `test -v` and `${!prefix*}` without being stored;
# testing `RANDOM` computes it, so it uses up a number as in bash.
for v in RANDOM LINENO SECONDS BASHPID BASH_SUBSHELL EPOCHSECONDS EPOCHREALTIME SRANDOM PIPESTATUS GROUPS DIRSTACK BASH_COMMAND BASH_SOURCE BASH_LINENO FUNCNAME OPTERR NOSUCH; do
  if [[ -v $v ]]; then echo "$v set"; else echo "$v unset"; fi
  test -v "$v" && echo "$v test-set"
done
f() { [[ -v FUNCNAME ]] && echo "in f: FUNCNAME set"; echo "${!FUNC*}"; }; f
echo "${!EPOCH*} | ${!SRAND*} | ${!LINEN*} | ${!BASH_S*} | ${!PIPE*} | ${!FUNC*}"
RANDOM=7; a=$RANDOM; RANDOM=7; [[ -v RANDOM ]]; b=$RANDOM; [[ $a == "$b" ]] && echo same-random
RANDOM=7; a=$RANDOM; RANDOM=7; : "${!RAND*}"; b=$RANDOM; [[ $a == "$b" ]] && echo same-after-prefix
echo "OPTERR=$OPTERR"
unset RANDOM; [[ -v RANDOM ]] || echo "RANDOM gone"
# `declare -p` shows them with bash's attributes (values that change are masked).
declare -p LINENO BASH_SUBSHELL OPTERR BASH_SOURCE BASH_LINENO DIRSTACK
declare -p RANDOM SECONDS BASHPID SRANDOM EPOCHSECONDS | sed 's/"[0-9]*"/N/'
declare -p GROUPS | sed 's/"[0-9]*"/N/'
g() { declare -p FUNCNAME; }; g
declare -p PIPESTATUS; echo "st=$?"
# A new shell's `-o`/`+o` without a name lists the options.
bash +o </dev/null | head -3; bash -o </dev/null | grep -c .
( set -e; bash -o </dev/null | grep -E '^(errexit|xtrace|emacs) ' )
bash -ex -o </dev/null | grep -E '^(errexit|xtrace) '
