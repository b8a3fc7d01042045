printf 'x\ny\n' > f
sha1sum -b f
sha1sum -t f
sha1sum --binary f --text
