echo "2^300" | BC_LINE_LENGTH=10 bc
echo "2^300" | BC_LINE_LENGTH=0 bc
echo "2^100" | BC_LINE_LENGTH=20 bc
export BC_LINE_LENGTH=30
echo "scale=50; 1/7" | bc
