eval 'if then fi'
echo "rc=$?"
eval 'echo "unterminated'
echo "rc=$?"
