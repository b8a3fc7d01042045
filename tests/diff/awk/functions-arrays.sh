awk 'function fill(arr, n,   i) { for (i = 1; i <= n; i++) arr[i] = i * 10 } BEGIN { fill(x, 3); print length(x), x[2] }'
awk 'function sum(arr,   k, t) { for (k in arr) t += arr[k]; return t } BEGIN { a[1] = 5; a[2] = 7; print sum(a) }'
awk 'function loc(   tmp) { tmp[1] = 1; return length(tmp) } BEGIN { print loc(), loc() }'
awk 'function chg(s) { s = "changed"; return s } BEGIN { v = "orig"; chg(v); print v }'
