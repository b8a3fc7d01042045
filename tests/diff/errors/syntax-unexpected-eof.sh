echo start
for i in 1 2; do
  echo $i
