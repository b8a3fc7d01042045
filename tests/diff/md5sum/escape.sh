printf 'x' > 'b\c'
printf 'y' > "$(printf 'n\nl')"
md5sum 'b\c' n*
md5sum --tag 'b\c'
md5sum n* | md5sum -c
