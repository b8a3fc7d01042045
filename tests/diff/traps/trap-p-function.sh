# trap -p in a function lists ERR/DEBUG/RETURN only where they are inherited (set -E / -T).
trap 'echo e' ERR
trap 'echo d' DEBUG
f() { trap -p; echo "[$(trap -p ERR)]"; }
f
(trap -p ERR)
set -E; f; set +E
trap - DEBUG ERR
