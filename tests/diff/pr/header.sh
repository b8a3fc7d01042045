printf 'a\nb\n' > f; touch -d '2023-12-31 23:59:00' f
pr -h 'My Title' f | head -5
pr --header='' f | head -4
pr -l 12 f
