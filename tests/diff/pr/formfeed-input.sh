printf 'a\fb\n\fc\n' > f; touch -d '2024-01-01 00:00' f
pr -l 12 f
pr -2 -l 12 f | od -c | head -20
