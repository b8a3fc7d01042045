awk 'BEGIN { for (i = 5; i >= 1; i--) a[i] = i * i; for (k in a) print k, a[k] }'
printf 'b 2\na 1\nc 3\n' | awk '{ s[$1] += $2 } END { PROCINFO["sorted_in"] = "@ind_str_asc"; for (k in s) print k, s[k] }'
awk 'BEGIN { PROCINFO["sorted_in"] = "@val_num_desc"; a["x"] = 2; a["y"] = 10; a["z"] = 1; for (k in a) print k, a[k] }'
awk 'BEGIN { PROCINFO["sorted_in"] = "@ind_num_asc"; a[10]; a[9]; a[100]; for (k in a) printf "%s ", k; print "" }'
