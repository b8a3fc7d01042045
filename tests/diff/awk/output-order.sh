awk 'BEGIN { print "a"; print "b" | "cat"; print "c" }'
awk 'BEGIN { print "a"; print "b" | "cat"; print "c"; close("cat"); print "d" }'
awk 'BEGIN { print "out"; print "err" > "/dev/stderr"; print "out2" }' 2>&1
awk 'BEGIN { print "before"; print log(-1) }' 2>&1
awk 'function f() { print "inner"; return "r" } BEGIN { print "outer", f() }'
awk 'BEGIN { print "a"; system("echo b"); print "c" }'
