s="hello World"
echo "${s^^o}" "${s,,[WH]}"
