printf 'x\ny\n' > f
sha512sum -b f
sha512sum -t f
sha512sum --binary f --text
