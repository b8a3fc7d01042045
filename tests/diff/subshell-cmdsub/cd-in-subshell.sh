mkdir -p a/b
start=$(pwd)
(cd a/b && echo "in: ${PWD#$start}")
echo "out: ${PWD#$start}"
rel=$(cd a && pwd); echo "${rel#$start}"
