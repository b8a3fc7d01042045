printf 'a\000b\n\377\n\000\nend' > b
csplit b '/^\x00/' 2; echo "st=$?"
ls
csplit -z b 1 2 3; echo "st=$?"
od -c xx00; od -c xx02
