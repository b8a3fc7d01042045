#!/usr/bin/env bash
# Deterministic 100 000-row CSV for csv_sum.py (uses awk, not python).
awk 'BEGIN { print "id,region,amount,note"; split("north south east west", r, " ");
  for (i = 1; i <= 100000; i++) printf "%d,%s,%d.%02d,item %d\n", i, r[(i*7)%4+1], (i*37)%1000, i%100, i }'
