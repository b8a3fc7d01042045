f() { echo f; }
declare -F f
