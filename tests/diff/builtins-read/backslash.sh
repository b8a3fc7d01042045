printf 'a\\tb c\\\nd\n' > in.txt
read x < in.txt; echo "[$x]"
read -r y < in.txt; echo "[$y]"
