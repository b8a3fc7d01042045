x='a b'
eval echo $x
eval echo "\$x"
eval "y=\"$x\""; echo "[$y]"
args=(one "two three"); eval "set -- $(printf '%q ' "${args[@]}")"; echo "$# [$2]"
