printf 'name: a\nage: 1\n\n\nname: b\nage: 2\n\n' > recs
awk 'BEGIN { RS = "" } { print NR ": " $2 " / " $4 }' recs
awk 'BEGIN { RS = ""; FS = "\n" } { print $1 "|" $2 }' recs
awk 'BEGIN { RS = "" } END { print NR }' recs
