# With extglob off, `@(`, `!(`, `+(`, `*(` and `?(` outside [[ ]] are syntax errors (bash's
# lexer ends the word before `(`); inside [[ ]] extended patterns are always read.
eval 'echo @(a|b)'; echo "status $?"
eval 'echo x!(y)'; echo "status $?"
eval 'case ab in +(a|b)) echo plus;; esac'; echo "status $?"
eval 'v=*(a)'; echo "status $?"
eval 'for f in ?(z); do echo $f; done'; echo "status $?"
[[ ab == @(a|b)* ]] && echo "cond matches"
[[ ab == !(x) ]] && echo "cond negation"
x=abc; echo "${x/+(b)/Z} ${x//?(b)/-}"
eval 'f() { echo @(q); }'
echo "after f: $?"
shopt -s extglob
eval 'echo @(a|b)'; echo "status $?"
eval 'case ab in +(a|b)) echo plus;; esac'
g() { echo @(q|r); }
g
