printf 'x' > 'b\c'
printf 'y' > "$(printf 'n\nl')"
b2sum 'b\c' n*
b2sum --tag 'b\c'
b2sum n* | b2sum -c
