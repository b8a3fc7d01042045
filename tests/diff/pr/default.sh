seq 1 70 > f; touch -d '2024-01-02 03:04:05' f
pr f
echo "st=$?"
