touch file1 file2 fileA fileb file10 'sp ace'
echo file[0-9]
echo file[!0-9]
echo file[[:upper:]] file[[:lower:]]
echo file??
echo sp*
for f in sp*; do echo "[$f]"; done
