printf 'x\ny\n' > f
sha384sum -b f
sha384sum -t f
sha384sum --binary f --text
