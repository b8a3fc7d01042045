echo junk | sha256sum -c; echo "[$?]"
printf '' | sha256sum -c; echo "[$?]"
echo junk > s; sha256sum -c --status s; echo "[$?]"
