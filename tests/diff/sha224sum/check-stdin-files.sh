printf 'data' > a
sha224sum a | sha224sum -c -; echo "[$?]"
printf 'data' | sha224sum > s
printf 'data' | sha224sum -c s; echo "[$?]"
sha224sum -c s nosuch; echo "[$?]"
