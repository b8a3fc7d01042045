printf "hello world" | dd bs=1 skip=6 count=3 2>/dev/null; echo
printf "abc" | dd conv=ucase 2>/dev/null; echo
printf "ABC" | dd conv=lcase status=none; echo
seq 100 | dd bs=10 count=2 2>/dev/null
dd if=/dev/zero bs=1k count=2 of=z status=none; wc -c < z
printf "abcdef" > s; printf "XY" | dd of=s bs=1 seek=2 conv=notrunc 2>/dev/null; cat s; echo
printf "XY" | dd of=s bs=1 seek=1 status=none; cat s; echo
printf "ab" | dd conv=sync bs=4 2>/dev/null | od -c | head -2
dd if=/dev/zero bs=1M count=1 status=none | wc -c
printf "abcd" | dd conv=swab status=none; echo
printf "1234567890" | dd ibs=3 obs=2 status=none; echo
printf "1234567890" | dd bs=4 count=6 iflag=count_bytes status=none; echo
printf "1234567890" | dd bs=4 skip=3 iflag=skip_bytes status=none; echo
printf "abc" > a; dd if=a of=b status=none; cat b; echo
printf "more" | dd of=b oflag=append conv=notrunc status=none; cat b; echo
