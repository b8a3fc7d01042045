mkdir d; printf "1\n2\n" > d/f
find d -type f -exec sh -c "echo \"\$1 has \$(wc -l < \"\$1\") lines\"" _ {} \;
find d -type f -exec sh -c "exit 3" \; -print; echo "st=$?"
