yes | fmt | head -2
yes 'lorem ipsum' | head -100 | fmt -w 60 | head -3
printf 'x y\n' | fmt - 
