HOME=/h
echo "${var-}}"
echo "${var-\}}"
echo "${var-'}'}"
echo "${var-"}"}"
echo "${v-'a}b'}"
echo "${v-'$HOME}'}"
echo "${v-'x"y'}"
echo ${v-'}'}
echo "${v:-'{'}"
