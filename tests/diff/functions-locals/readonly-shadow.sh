# local cannot shadow a readonly variable; eval's readonly error only ends eval's line.
readonly g=1
f() { local g=2; echo "in $? $g"; local g; echo "again $?"; }
f
h() {
  local x=local
  readonly x
  eval 'x=bar'
  echo "status=$?"
  eval $'x=baz\necho next-line'
}
x=global
h
echo "$x"
k() { readonly y; local z=1 y=$(( z )); echo "y=$y"; }
k
echo "y=$y"
