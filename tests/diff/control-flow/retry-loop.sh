attempt=0
try_op() { (( ++attempt >= 3 )); }
until try_op; do echo "attempt $attempt failed, retrying"; done
echo "succeeded after $attempt attempts"
max=5; n=0
while :; do n=$((n+1)); if (( n >= max )); then echo "giving up at $n"; break; fi; done
