printf 'garbage%.0s' $(seq 1 100) > g.tar
tar -tf g.tar; echo "[$?]"
: > empty.tar
tar -tf empty.tar; echo "[$?]"
tar -xf nosuch.tar; echo "[$?]"
