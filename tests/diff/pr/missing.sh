seq 3 > f; touch -d '2024-01-01 10:00' f
pr -t f nofile f; echo "st=$?"
pr -r -t nofile; echo "st=$?"
mkdir d; pr d; echo "st=$?"
