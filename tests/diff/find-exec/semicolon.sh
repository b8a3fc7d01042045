mkdir -p d/e; touch d/a.txt d/e/b.txt d/c.log
find d -name "*.txt" -exec echo X {} \; | sort
find d -name "*.log" -exec echo "a{}b" "{}{}" \;
find d -name "*.txt" -exec wc -c {} \; | sort
