head -c 1024 /dev/zero > k1; head -c 1025 /dev/zero > k2; head -c 513 /dev/zero > k3
sum k1 k2 k3
sum -s k1 k2 k3
