f() { echo out; echo err >&2; }
f 2>&1 | sort
f |& tr a-z A-Z
