printf 'x\ny\n' > f
b2sum -b f
b2sum -t f
b2sum --binary f --text
