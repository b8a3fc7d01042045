{
  echo "header"
  for i in 1 2; do echo "row $i"; done
  echo "footer"
} > report.txt
cat report.txt
if true; then echo inside-if; fi > if.txt; cat if.txt
