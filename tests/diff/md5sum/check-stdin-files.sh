printf 'data' > a
md5sum a | md5sum -c -; echo "[$?]"
printf 'data' | md5sum > s
printf 'data' | md5sum -c s; echo "[$?]"
md5sum -c s nosuch; echo "[$?]"
