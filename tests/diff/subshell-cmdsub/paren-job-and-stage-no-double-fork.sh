# `( list )` as a whole background job or pipeline stage is one subshell, not two (bash does
# not fork twice): `$BASH_SUBSHELL` and `$BASHPID` as in bash.
( echo $BASH_SUBSHELL ) & wait
{ echo $BASH_SUBSHELL; } & wait
( (echo $BASH_SUBSHELL) ) & wait
( echo $BASH_SUBSHELL ) | cat
( echo $BASHPID > p ) & wait; [ "$(cat p)" = "$!" ] && echo pid-same
