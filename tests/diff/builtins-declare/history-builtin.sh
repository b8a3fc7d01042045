# history in a non-interactive shell: -s adds, listing, -d, -c, -w/-r files, errors.
history; echo "status=$?"
history -s echo one
history -s echo two three
history
history 1
history -d 1; history
history -w hist.txt; cat hist.txt
history -c; history; echo "cleared=$?"
history -r hist.txt; history
history f; echo "status=$?"
history -5; echo "status=$?"
history -d 9; echo "status=$?"
history -p 'a b' c
