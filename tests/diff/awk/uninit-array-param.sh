awk 'function add(arr, k, v) { arr[k] = v } BEGIN { add(m, "a", 1); add(m, "b", 2); print length(m), m["a"] + m["b"] }'
awk 'function cnt(a,  n, k) { for (k in a) n++; return n + 0 } BEGIN { print cnt(empty) }'
