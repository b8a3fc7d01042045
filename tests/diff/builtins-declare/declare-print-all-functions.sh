f() { echo f; }
g() { echo g; }
declare -F
declare -F nosuch; echo "rc=$?"
