f() { declare -g G=global-from-f; declare L=local; }
f; echo "G=$G L=[${L-}]"
g() { local -a arr=(1 2); declare -ga GA=(x y); }; g; echo "${GA[*]}"
