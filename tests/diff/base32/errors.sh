base32 -q; echo "[$?]"
base32 nosuch; echo "[$?]"
base32 -w abc </dev/null; echo "[$?]"
base32 a b; echo "[$?]"
