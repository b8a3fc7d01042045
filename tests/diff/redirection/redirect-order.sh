f() { echo "stdout"; echo "stderr" >&2; }
f 2>&1 >/dev/null | cat
f >/dev/null 2>&1; echo "silenced rc=$?"
f 2>/dev/null | tr a-z A-Z
