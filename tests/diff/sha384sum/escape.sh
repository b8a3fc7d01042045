printf 'x' > 'b\c'
printf 'y' > "$(printf 'n\nl')"
sha384sum 'b\c' n*
sha384sum --tag 'b\c'
sha384sum n* | sha384sum -c
