awk 'BEGIN { for (i = 65; i < 70; i++) printf "%c", i; print "" }'
awk 'BEGIN { printf "%c|%c|%5c|%-3c|\n", "", 48, "x", "y" }'
awk 'BEGIN { printf "%d %d %d\n", "3abc", "", -2.5 }'
