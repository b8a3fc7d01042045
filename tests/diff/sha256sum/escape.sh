printf 'x' > 'b\c'
printf 'y' > "$(printf 'n\nl')"
sha256sum 'b\c' n*
sha256sum --tag 'b\c'
sha256sum n* | sha256sum -c
