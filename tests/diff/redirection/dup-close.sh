exec 3>&1
f() { echo "to 3" >&3; echo "to 1"; }
v=$(f); echo "captured [$v]"
exec 3>&-
echo x >&3
echo "rc=$?"
