printf 'x\n' > f1
awk 'BEGIN { for (i = 0; i < ARGC; i++) print i, ARGV[i] }' a b c
awk 'BEGIN { ARGV[1] = "f1"; ARGC = 2 } { print FILENAME, $0 }' nosuch
awk 'BEGIN { ARGV[1] = "" } { print FILENAME ": " $0 }' nosuch f1
