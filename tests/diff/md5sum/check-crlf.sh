printf 'hello\n' > a
printf 'b1946ac92492d2347c6235b4d2611184  a\r\n' | md5sum -c; echo "[$?]"
printf 'b1946ac92492d2347c6235b4d2611184 a\n' | md5sum -c; echo "[$?]"
printf 'B1946AC92492D2347C6235B4D2611184 *a\n' | md5sum -c; echo "[$?]"
printf ' b1946ac92492d2347c6235b4d2611184\ta\n' | md5sum -c; echo "[$?]"
