consume() {
  local first=$1; shift
  echo "first=$first rest=$# [$*]"
  while (($#)); do echo " - $1"; shift; done
}
consume a b "c d"
set -- outer args; consume x; echo "outer still: $*"
