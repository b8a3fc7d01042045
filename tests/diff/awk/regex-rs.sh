printf 'a;b;c' | awk 'BEGIN { RS = ";" } { print NR, $0 }'
printf 'one1two22three333four' | awk 'BEGIN { RS = "[0-9]+" } { print $0, "[" RT "]" }'
printf 'a\n\nb\n' | awk 'BEGIN { RS = "\n\n" } { print NR ": " $0 }'
