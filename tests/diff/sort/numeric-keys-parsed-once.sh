# -n keys are parsed once per line: negative zero, long numbers, fractions, blanks, reverse
printf '%s\n' "a 10" "b -0" "c 0.0" "d -0.5" "e 12345678901234567890123" "f 12345678901234567890122" \
  "g  7" "h 007.50" "i 7.5" "j -12345678901234567890123" "k x" "l -" "m 18446744073709551615" "n 18446744073709551616" > nums
sort -n -k2 nums
echo ---
sort -k2,2nr nums
echo ---
sort -s -n -k2,2 nums
echo ---
sort -t' ' -k2n -k1,1r nums
echo ---
cut -d' ' -f2 nums | sort -n | uniq -c
