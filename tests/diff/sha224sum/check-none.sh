echo junk | sha224sum -c; echo "[$?]"
printf '' | sha224sum -c; echo "[$?]"
echo junk > s; sha224sum -c --status s; echo "[$?]"
