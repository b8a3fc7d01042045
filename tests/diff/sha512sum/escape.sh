printf 'x' > 'b\c'
printf 'y' > "$(printf 'n\nl')"
sha512sum 'b\c' n*
sha512sum --tag 'b\c'
sha512sum n* | sha512sum -c
