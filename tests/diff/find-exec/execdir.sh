mkdir -p d/e; touch d/e/b.txt
find d -name "*.txt" -execdir pwd \; | sed "s|.*/||"
find d -name "*.txt" -execdir echo {} \;
find d -name "b.txt" -execdir ls {} +
