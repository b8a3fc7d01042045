shopt -s nocasematch
case YES in yes) echo "matched yes";; esac
[[ Hello == hello ]] && echo "dbl-bracket nocase"
shopt -u nocasematch
[[ Hello == hello ]] || echo "case sensitive again"
