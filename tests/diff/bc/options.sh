echo "2+2" | bc -q
echo "2+2" | bc -s
echo "2+2" | bc -w
bc --version
bc --help | head -3
bc -z </dev/null; echo "status $?"
