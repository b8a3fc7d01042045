printf "2 b\n1 a\n" > u1; printf "1 x\n3 z\n" > j2
join u1 j2; echo "st=$?"
join --check-order u1 j2; echo "st=$?"
join --nocheck-order u1 j2; echo "st=$?"
join j2; echo "st=$?"
join j2 j2 j2; echo "st=$?"
join -1 0 j2 j2; echo "st=$?"
join -o 3.1 j2 j2; echo "st=$?"
join j2 nosuch; echo "st=$?"
