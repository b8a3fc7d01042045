echo junk | sha1sum -c; echo "[$?]"
printf '' | sha1sum -c; echo "[$?]"
echo junk > s; sha1sum -c --status s; echo "[$?]"
