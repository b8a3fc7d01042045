for x in a b c; do
  case $x in
    a) echo "a;&"; ;&
    b) echo "b-body" ;;&
    [ab]) echo "ab-test" ;;
    *) echo "default $x" ;;
  esac
done
