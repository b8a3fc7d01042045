mkdir d; printf "hello\n" > d/a; printf "bye\n" > d/b
find d -type f -exec grep -q hello {} \; -print
find d -type f ! -exec grep -q hello {} \; -print
