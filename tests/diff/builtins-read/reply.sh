read <<< "  default var  "; echo "[$REPLY]"
read -r first rest <<< "one two three four"; echo "$first | $rest"
read -r a b c <<< "only"; echo "[$a][$b][$c]"
