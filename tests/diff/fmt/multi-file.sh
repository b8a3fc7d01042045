printf 'file one\ntext\n' > a
printf 'file two\n\ntext\n' > b
fmt a b
fmt -w 5 a - b < a
