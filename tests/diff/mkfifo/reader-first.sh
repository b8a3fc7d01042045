mkfifo p
{ tr a-z A-Z < p > up & }
echo hello > p
wait
cat up
{ yes > p & }
head -n 2 p
wait
echo end
