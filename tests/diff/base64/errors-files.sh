base64 nosuch; echo "[$?]"
printf x > a; printf y > b
base64 a b; echo "[$?]"
mkdir d; base64 d; echo "[$?]"
base64 -d nosuch; echo "[$?]"
