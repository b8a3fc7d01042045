echo before
if true; then
  echo inside
fi fi
echo after
