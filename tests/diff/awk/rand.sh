awk 'BEGIN { srand(42); x = rand(); srand(42); y = rand(); print (x == y), (x >= 0 && x < 1) }'
awk 'BEGIN { print srand(5), srand(7) }'
awk 'BEGIN { for (i = 0; i < 100; i++) { r = int(rand() * 6) + 1; if (r < 1 || r > 6) bad++ } print bad + 0 }'
