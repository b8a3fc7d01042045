strings -n 0 /dev/null; echo "[$?]"
strings -n x /dev/null; echo "[$?]"
strings -x /dev/null; echo "[$?]"
strings --bogus /dev/null; echo "[$?]"
