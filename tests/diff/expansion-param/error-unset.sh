echo start
x=${missing:?missing is unset}
echo "unreachable"
