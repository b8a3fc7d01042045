for w in apple banana cherry 42 ""; do
  case $w in
    a*) echo "$w: starts with a";;
    *an*) echo "$w: has an";;
    [0-9]*) echo "$w: number";;
    "") echo "empty";;
    *) echo "$w: other";;
  esac
done
