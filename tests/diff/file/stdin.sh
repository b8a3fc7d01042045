echo hi | file -
printf '' | file -
printf '\000\377' | file -b -
