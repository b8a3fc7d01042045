readonly R=1
for R in a b; do echo $R; done
