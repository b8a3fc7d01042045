printf 'x' > 'b\c'
printf 'y' > "$(printf 'n\nl')"
sha1sum 'b\c' n*
sha1sum --tag 'b\c'
sha1sum n* | sha1sum -c
