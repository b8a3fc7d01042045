printf 'MFRGG' | base32 -d; echo "[$?]"
printf 'MFRGG===x' | base32 -d; echo "[$?]"
printf 'mfrgg===' | base32 -d; echo "[$?]"
printf 'MF1GG===' | base32 -d; echo "[$?]"
