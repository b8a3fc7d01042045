# Words made by brace expansion get tilde prefixes and longer $names, as bash expands braces on the text first.
HOME=/home/bob
a=A; a1=one a2=two
echo {$a,b}_{c,d}
echo {_$a,b}_{c,d}
echo $a{1,2} ${a}{1,2} "$a"{1,2}
echo {foo~,~}/bar
for x in {foo~,~}/bar; do echo -- $x; done
arr=({foo~,~}/bar); printf '== %s\n' "${arr[@]}"
echo ~{/src,root}
echo {~,x}
echo {~root,~nosuchuser}/x
echo -{$(echo a),b}-
f() { echo ${a}x $a; }; declare -f f
