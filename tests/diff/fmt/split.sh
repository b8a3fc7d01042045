printf 'one two three four five six seven eight nine ten eleven twelve\nshort\nanother line that is somewhat long and needs splitting here\n\nlast\n' > t
fmt -s -w 20 t
fmt --split-only -w 30 t
fmt -s t
