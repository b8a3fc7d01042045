# shopt -s cdable_vars: cd NAME uses the variable NAME when no directory NAME exists.
mkdir -p real
shopt -s cdable_vars
T=real
cd T; echo "status=$?"; basename "$PWD"
cd ..
touch afile
V=afile
cd V; echo "status=$?"
shopt -u cdable_vars
cd T; echo "status=$?"
