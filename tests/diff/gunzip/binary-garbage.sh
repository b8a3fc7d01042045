printf '\037\213\010\000\000\000\000\000\000\003garbagegarbage' | gunzip; echo "[$?]"
printf '\037\213' | gunzip; echo "[$?]"
printf '' | gunzip; echo "[$?]"
