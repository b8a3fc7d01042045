seq 1 3 > f; touch -d '2024-02-03 04:05' f
pr -f f | od -c
pr -F -l 10 f | od -c | head
