for v in apple banana kiwi 123 ""; do
  if [[ $v == @(apple|kiwi) ]]; then echo "$v: listed"
  elif [[ $v == +([0-9]) ]]; then echo "$v: digits"
  elif [[ $v == !(*a*) ]]; then echo "$v: no a"
  else echo "$v: other"; fi
done
