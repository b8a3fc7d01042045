# In the C locale (the corpus's) a quoted argument gives the code of its first byte
t=$'\xF4\x91\x84\x91'
printf '%x %u %o\n' \'$t \'$t \'$t
printf '%d %d %x\n' "'é" \'€ "'A"
printf '%d\n' \'$'\xff' "'"
