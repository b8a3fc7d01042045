read -r -n 3 x <<< "abcdef"; echo "[$x]"
read -r -d , y <<< "one,two"; echo "[$y]"
read -r -N 4 z <<< "ab"; echo "[$z]" | od -An -c
read -r -p "prompt: " p <<< "answer"; echo "[$p]"
read -r -t 1 t <<< "timed"; echo "[$t] $?"
