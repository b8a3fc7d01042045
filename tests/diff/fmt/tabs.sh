printf '\tTabbed paragraph with enough words to need wrapping over the line width here\n\tand more\n' > t
fmt -w 40 t | od -c | head -8
printf 'a\tb\tc d e f g\n' | fmt -w 10
