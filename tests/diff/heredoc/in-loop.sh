for n in 1 2; do
  cat <<END
item $n
END
done
while read -r a b; do echo "$b $a"; done <<END
x y
p q
END
