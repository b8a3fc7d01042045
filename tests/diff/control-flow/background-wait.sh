out=results.txt
for i in 1 2 3; do
  ( echo "job $i" > "part$i.txt" ) &
done
wait
cat part1.txt part2.txt part3.txt
(exit 7) & pid=$!
wait $pid; echo "job status $?"
