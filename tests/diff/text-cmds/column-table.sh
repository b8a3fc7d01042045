printf "name age city\nalice 30 paris\nbob 4 rome\n" | column -t
printf "a,b,c\nddd,,f\n" | column -t -s,
printf "a,b,c\nddd,,f\n" | column -t -s, -o " | "
printf "a b\nc d\n" | column -t -N X,Y
printf "aa bb\nc d\n" | column -t -R 1
printf "aa bb cc\nc d e\n" | column -t -H 2
printf "a b c\n\nd e\n" | column -t
printf "a b c\n\nd e\n" | column -t -L
