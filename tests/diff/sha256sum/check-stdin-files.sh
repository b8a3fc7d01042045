printf 'data' > a
sha256sum a | sha256sum -c -; echo "[$?]"
printf 'data' | sha256sum > s
printf 'data' | sha256sum -c s; echo "[$?]"
sha256sum -c s nosuch; echo "[$?]"
