cat <<A; cat <<B
from a
A
from b
B
paste_free() { while read -r x && read -r y <&3; do echo "$x-$y"; done; }
paste_free <<X 3<<Y
1
2
X
a
b
Y
