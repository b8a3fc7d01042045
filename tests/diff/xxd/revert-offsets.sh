printf '00000004: 4142 4344\n' | xxd -r | od -An -c
printf '00000000: 6162\n00000010: 6364\n' | xxd -r | od -An -tx1
printf '0: 41 42\n2: 43\n' | xxd -r
echo
