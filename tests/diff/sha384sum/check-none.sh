echo junk | sha384sum -c; echo "[$?]"
printf '' | sha384sum -c; echo "[$?]"
echo junk > s; sha384sum -c --status s; echo "[$?]"
