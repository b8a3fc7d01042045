set -v; echo a
# comment
echo b; echo c

if true; then
  echo d
fi
eval "echo e"
x=$(echo f)
set +v
echo g
