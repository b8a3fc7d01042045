export X=1 Y=2
env -i A=1 B=2
env -u X | grep -c "^X="
env -i A=1 sh -c "echo \$A \$X"
env - Z=3 sh -c "echo \$Z \$Y"
f() { echo fn; }; env f; echo "st=$?"
env -i -0 A=1 B=2 | od -c | head -2
env -v -i A=1 true
