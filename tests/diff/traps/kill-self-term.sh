trap 'echo "got TERM"' TERM
kill -TERM $$
echo "continued"
trap 'echo got USR1; exit 4' USR1
kill -USR1 $$
echo never
