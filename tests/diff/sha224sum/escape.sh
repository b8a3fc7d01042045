printf 'x' > 'b\c'
printf 'y' > "$(printf 'n\nl')"
sha224sum 'b\c' n*
sha224sum --tag 'b\c'
sha224sum n* | sha224sum -c
