mkdir -p d/e; touch d/a.txt d/e/b.txt d/c.log
find d -name "*.txt" -exec echo X {} + | tr " " "\n" | sort
find d -type f -exec ls {} + ; echo "st=$?"
