echo junk | sha512sum -c; echo "[$?]"
printf '' | sha512sum -c; echo "[$?]"
echo junk > s; sha512sum -c --status s; echo "[$?]"
