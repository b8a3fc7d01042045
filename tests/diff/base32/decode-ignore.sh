printf 'MF RG G=== ' | base32 -di; echo "[$?]"
printf '*MFRGG===*' | base32 -d --ignore-garbage; echo "[$?]"
