printf 'data' > a
sha384sum a | sha384sum -c -; echo "[$?]"
printf 'data' | sha384sum > s
printf 'data' | sha384sum -c s; echo "[$?]"
sha384sum -c s nosuch; echo "[$?]"
