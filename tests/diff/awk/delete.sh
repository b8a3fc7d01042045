awk 'BEGIN { a[1]; a[2]; a[3]; delete a[2]; print length(a), (2 in a); delete a; print length(a) }'
awk 'BEGIN { for (i = 0; i < 5; i++) a[i] = i; for (k in a) if (a[k] % 2) delete a[k]; n = 0; for (k in a) n++; print n }'
