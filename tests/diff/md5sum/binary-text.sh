printf 'x\ny\n' > f
md5sum -b f
md5sum -t f
md5sum --binary f --text
