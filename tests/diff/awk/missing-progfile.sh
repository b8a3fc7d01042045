awk -f nosuch.awk; echo "st=$?"
awk '{ print }' nosuchfile; echo "st=$?"
