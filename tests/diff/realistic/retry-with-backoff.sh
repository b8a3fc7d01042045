attempts=0
flaky() { ((attempts++)); (( attempts >= 3 )); }
retry() {
  local max=$1 delay=1 n=0; shift
  until "$@"; do
    ((++n >= max)) && { echo "failed after $n attempts" >&2; return 1; }
    echo "attempt $n failed; would sleep $delay"; delay=$((delay * 2))
  done
  echo "ok after $((n+1)) attempts"
}
retry 5 flaky
attempts=-10; retry 2 flaky || echo "gave up"
