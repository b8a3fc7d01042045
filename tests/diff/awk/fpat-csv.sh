printf 'name,quote,n\nann,"hello, world",3\nbob,"a ""b""",4\n' > q.csv
awk 'BEGIN { FPAT = "([^,]*)|(\"[^\"]+\")" } NR > 1 { print NF ": " $1 " | " $2 " | " $3 }' q.csv
echo 'a,,b,' | awk 'BEGIN { FPAT = "[^,]*" } { print NF; for (i = 1; i <= NF; i++) printf "[%s]", $i; print "" }'
echo 'x1 y22 z333' | awk 'BEGIN { FPAT = "[0-9]+" } { print NF, $1 + $2 + $3 }'
