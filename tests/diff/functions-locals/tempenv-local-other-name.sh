# local inside v=x eval declares in the function unless it names the temporary variable.
f() {
  local x=x
  tmp='' local tx=tx
  eval 'local y=y'
  tmp='' eval 'local ty=ty'
  if true; then
    x='' unset x
    tx='' unset tx
    y='' unset y
    ty='' unset ty
  fi
  echo x=$x tx=$tx y=$y ty=$ty
}
f
