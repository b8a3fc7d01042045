for n in 1 2 3 15 16 17 31; do head -c $n /dev/urandom >/dev/null; seq 1 20 | head -c $n | hexdump; done
