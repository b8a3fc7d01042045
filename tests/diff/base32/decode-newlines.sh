printf 'MFRG\nGZDF\nMZTQ====\n' | base32 -d; echo "[$?]"
printf 'MFRGG===\n\n\n' | base32 -d; echo "[$?]"
