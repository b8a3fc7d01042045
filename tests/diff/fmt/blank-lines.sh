printf '\n\na b c\n\n\n\nd e f\n   \ng\n\n' > t
fmt t | od -c
printf 'no newline at end' | fmt
printf 'word\n\n' | fmt -w 3
