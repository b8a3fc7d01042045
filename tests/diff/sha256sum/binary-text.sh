printf 'x\ny\n' > f
sha256sum -b f
sha256sum -t f
sha256sum --binary f --text
