printf 'x\ny\n' > f
sha224sum -b f
sha224sum -t f
sha224sum --binary f --text
