printf 'x' > a
sum a nosuch a; echo "[$?]"
