seq 1 25 > f; touch -d '2024-05-06 07:08:09' f
pr -l 15 f
pr -l 10 f | head -12
