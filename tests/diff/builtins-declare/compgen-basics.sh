# compgen lists functions, variables, words and files; complete stores and prints specs.
add() { :; }; _ab() { :; }; ek() { :; }
compgen -A function
compgen -A function _
v1_global=0
f() { local v2_local=0; compgen -v v; }
f
compgen -W 'alpha beta "gam ma" $HOME' -- b
compgen -W 'one two three' -X '!t*'
compgen -P '<' -S '>' -W 'x y'
mkdir -p d && touch d/one d/two
compgen -f d/t
compgen -A nosuch; echo "status=$?"
complete -F _ab -o nospace git
complete -W 'a b' foo
complete -p git foo
complete -r foo; complete -p foo; echo "status=$?"
