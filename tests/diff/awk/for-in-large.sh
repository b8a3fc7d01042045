# arrays grown past gawk's table sizes and block thresholds keep gawk's order
awk 'BEGIN { for (i = 3000; i > 0; i--) a[i]; for (k in a) s = s k ","; print length(s), substr(s, 1, 40), substr(s, length(s) - 40) }'
awk 'BEGIN { for (i = 0; i < 2000; i++) a[i * 997]; n = 0; for (k in a) if (n++ % 97 == 0) printf "%s ", k; print "" }'
awk 'BEGIN { for (i = 0; i < 2000; i++) a["key" i]; n = 0; for (k in a) if (n++ % 101 == 0) printf "%s ", k; print "" }'
awk 'BEGIN { for (i = 0; i < 3000; i++) a[i * 13 - 9000]; n = 0; for (k in a) if (n++ % 103 == 0) printf "%s ", k; print "" }'
awk 'BEGIN { for (i = 0; i < 3000; i++) a[i]; for (i = 0; i < 3000; i += 3) delete a[i]; for (i = 0; i < 50; i++) a["s" i]; n = 0; for (k in a) if (n++ % 89 == 0) printf "%s ", k; print "" }'
