printf '    indented para one\n    continues here and goes on and on for a while until it is long enough to wrap\n  different indent starts new para\n\tand a tab line\n\tthat continues with more words to wrap around the width\n' > t
fmt -w 30 t
fmt -w 30 -u t
