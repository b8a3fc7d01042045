printf 'abcdefghijklmnop%.0s' 1 2 3 4 | hd
