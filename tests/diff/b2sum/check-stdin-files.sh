printf 'data' > a
b2sum a | b2sum -c -; echo "[$?]"
printf 'data' | b2sum > s
printf 'data' | b2sum -c s; echo "[$?]"
b2sum -c s nosuch; echo "[$?]"
