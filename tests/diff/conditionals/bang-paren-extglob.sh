# Without extglob, !( starts a negated group (command or [[ term); with it, a pattern.
a=false; b=false
if !($a && $b); then echo one; fi
empty=; str=x
[[ !($empty) ]] && echo TRUE
[[ !($str) ]] || echo FALSE
shopt -s extglob
[[ !($empty) ]] && echo TRUE2
[[ !($str) ]] && echo TRUE3
