# alias/unalias options and usage errors.
alias -- foo=echo; echo "s=$?"
alias -p
unalias; echo "s=$?"
alias -z; echo "s=$?"
unalias -- foo; echo "s=$?"
unalias -a; alias; echo "s=$?"
