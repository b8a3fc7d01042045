files=3; echo "Found $(( files * 2 )) things in $(echo "$files") files"
today="day-$(printf '%02d' 5)"; echo "$today"
echo "$(seq -s+ 1 4) = $(( $(seq -s+ 1 4) ))"
