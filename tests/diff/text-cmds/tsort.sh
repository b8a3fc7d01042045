printf "z a\ny a\nx b\n" | tsort
printf "c d\nb d\na d\nd e\n" | tsort
printf "a b\nb c\nc a\nd e\n" | tsort; echo "st=$?"
printf "a a\n" | tsort
printf "a b c\n" | tsort; echo "st=$?"
printf "m n\nk l\nl m\nn k\nq r\n" | tsort; echo "st=$?"
printf "a b\nb c\nc a\nc d\nd e\ne c\n" | tsort; echo "st=$?"
printf "" | tsort; echo "st=$?"
