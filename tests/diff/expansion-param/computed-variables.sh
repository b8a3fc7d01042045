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
