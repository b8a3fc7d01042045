echo MFRGG=== | base32 -d; echo
printf 'MFRGGZDF\nMZTQ====' | base32 -d; echo "[$?]"
echo NBSWY3DP | base32 --decode; echo
