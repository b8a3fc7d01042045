iconv -f FOO -t UTF-8 </dev/null; echo "[$?]"
iconv -f UTF-8 -t BAR </dev/null; echo "[$?]"
