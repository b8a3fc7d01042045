seq 3 > in
split -l 0 in; echo "st=$?"
split -l x in; echo "st=$?"
split nosuch; echo "st=$?"
split -l 2 -b 3 in; echo "st=$?"
split -n 0 in; echo "st=$?"
split -a 0 in; echo "st=$?"
split in a b; echo "st=$?"
