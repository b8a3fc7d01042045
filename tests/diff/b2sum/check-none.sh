echo junk | b2sum -c; echo "[$?]"
printf '' | b2sum -c; echo "[$?]"
echo junk > s; b2sum -c --status s; echo "[$?]"
