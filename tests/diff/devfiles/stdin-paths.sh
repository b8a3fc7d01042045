printf 'b\na\n' | sort /dev/stdin
printf 'b\na\n' | grep a /dev/stdin
printf 'b\na\n' | grep -H a /dev/stdin
printf 'b\na\n' | wc -l /dev/stdin
printf 'b\na\n' | head -n1 /dev/stdin
printf 'b\na\n' | tail -n1 /dev/stdin
printf 'b\na\n' | cut -c1 /dev/stdin
printf 'b\na\n' | uniq /dev/stdin
printf 'b\na\n' | sed -n 1p /dev/stdin
printf 'x\n' | sed 's/x/y/w /dev/stderr' 2>&1
printf 'b\na\n' | sort -o /dev/null; echo $?
printf 'b\na\n' | uniq - /dev/null; echo $?
printf 'a\n' > f; sed -n 'w /dev/stdout' f
printf 'b\na\n' | sort - /dev/null
printf 'a\n' | cat - /dev/null
printf 'b\na\n' | head -n1 /dev/fd/0
printf 'b\na\n' | head -v -n1 /dev/stdin
printf 'b\na\n' | tail -c2 /dev/fd/0
printf 'b\na\n' | cut -c1 /dev/fd/0
printf 'x y\n' | wc -w /dev/fd/0
printf 'b\na\n' | tr -d a < /dev/stdin
printf 'b\na\n' | paste - /dev/stdin 2>/dev/null | head -1 >/dev/null; echo $?
printf 'b\na\n' | head -n1 /dev/stdin; echo "h $?"
printf 'b\na\n' | tail -n1 /dev/stdin; echo "t $?"
printf 'b\na\n' | sed -n 1p /dev/stdin; echo "s $?"
