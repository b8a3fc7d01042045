# The time program (not the keyword): its report goes to stderr or -o FILE.
command time -f '%x %C' false; echo "status $?"
env time -f 'exit %x' true
command time -o report -f '%C' echo hi; cat report
command time -q -f '%x' false; echo "status $?"
command time -f '%x' no-such-command; echo "status $?"
command time; echo "status $?"
echo 'a.12 b' | gawk 'match($0, /\.([0-9]+)/, m) { print m[1] }'
