echo junk | md5sum -c; echo "[$?]"
printf '' | md5sum -c; echo "[$?]"
echo junk > s; md5sum -c --status s; echo "[$?]"
