mkdir -p d/e; touch d/a.txt d/e/b.txt d/c.log
find d -name "*.txt" | sort | xargs ls
find d -name "*.txt" -print0 | sort -z | xargs -0 -n1 basename
find d -type f | sort | xargs wc -c | tail -1
