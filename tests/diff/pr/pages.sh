seq 1 200 > f; touch -d '2024-03-03 03:03' f
pr +3 f | head -8
pr --pages=2:3 -l 20 f | grep Page
pr +9 f; echo "st=$?"
