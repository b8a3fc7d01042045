printf 'MFRGGZDFMZ' | base32 -d; echo "[$?]"
printf 'MFRGG=' | base32 -d; echo "[$?]"
printf 'MF======' | base32 -d; echo "[$?]"
