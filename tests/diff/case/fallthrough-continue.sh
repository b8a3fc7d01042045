check() {
  case $1 in
    *a*) echo -n "has-a " ;;&
    *b*) echo -n "has-b " ;;&
    *c*) echo -n "has-c " ;;
    *) echo -n "none " ;;
  esac
  echo
}
check abc; check b; check xyz; check ca
