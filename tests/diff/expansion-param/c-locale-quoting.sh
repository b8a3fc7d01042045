# In the C locale non-ASCII bytes are unprintable: @Q, @A, declare -p, printf %q and set quote them
# as $'\NNN'; @U, @u and @L change ASCII letters only.
x=$'é'; echo "${x@U}${x@u}${x@L}" "${x^^}" "${x@Q}" "${x@A}"; declare -p x; printf '%q\n' "$x"
y=$'aé\tb'; echo "${y@Q}"; declare -A A=([é]=1); declare -p A; echo "${A[@]@K}"
set | grep "^[xy]="; LC_ALL=C.UTF-8; echo "${x@Q}" "${x@U}"; printf "%q\n" "$x"; declare -p x
