printf 'data' > a
sha1sum a | sha1sum -c -; echo "[$?]"
printf 'data' | sha1sum > s
printf 'data' | sha1sum -c s; echo "[$?]"
sha1sum -c s nosuch; echo "[$?]"
