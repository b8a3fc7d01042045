mkdir d; touch d/a
find d -type f -exec false \; ; echo "st=$?"
find d -type f -exec false {} + ; echo "st=$?"
find d -type f -exec nosuch_cmd_q {} \; ; echo "st=$?"
find d -type f -exec nosuch_cmd_q {} + ; echo "st=$?"
