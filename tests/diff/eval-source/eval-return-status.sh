eval "false"; echo "rc=$?"
eval ""; echo "empty rc=$?"
eval "(exit 9)"; echo "rc=$?"
eval 'x=1; y=$((x+1))'; echo "$x $y"
eval "echo \"\$#\"" a b
