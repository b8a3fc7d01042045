printf 'not hex at all\n' | xxd -r | od -c
printf '00000000: 6869 zz\n' | xxd -r; echo
printf 'zz 6869\n' | xxd -r -p; echo "[$?]"
