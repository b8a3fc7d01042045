mkdir d
find d -exec; echo "st=$?"
find d -exec echo {} {} +; echo "st=$?"
find d -exec echo; echo "st=$?"
find d -execdir; echo "st=$?"
