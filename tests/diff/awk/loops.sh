awk 'BEGIN { for (i = 1; i <= 3; i++) printf "%d ", i; print "" }'
awk 'BEGIN { i = 0; while (i < 3) { i++; if (i == 2) continue; print "w", i } }'
awk 'BEGIN { i = 0; do { print "d", i } while (++i < 2) }'
awk 'BEGIN { for (;;) { if (++n > 4) break }; print n }'
