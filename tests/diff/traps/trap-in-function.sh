f() {
  trap 'echo "cleanup from f"' EXIT
  echo "in f"
}
f
echo "main continues"
