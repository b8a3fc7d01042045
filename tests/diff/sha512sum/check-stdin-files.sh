printf 'data' > a
sha512sum a | sha512sum -c -; echo "[$?]"
printf 'data' | sha512sum > s
printf 'data' | sha512sum -c s; echo "[$?]"
sha512sum -c s nosuch; echo "[$?]"
