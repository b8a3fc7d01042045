printf "a\nb" > f; printf "a\nc" > g; diff -u --label f --label g f g > p.diff
patch < p.diff; od -c f | head -2
printf "a\nb\n" > f; printf "a\nb\nc\n" > g; diff -u --label f --label g f g > q.diff; patch < q.diff; cat f
