mkdir d; touch d/a
echo y | find d -type f -ok echo yes {} \; 2>err; echo "st=$?"; cat err; echo
echo n | find d -type f -ok echo yes {} \; 2>/dev/null; echo "st=$?"
