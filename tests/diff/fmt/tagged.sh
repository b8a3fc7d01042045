printf 'tag: first line of a tagged paragraph\n    second line with other indent and more text to wrap over\nsingle line para that is long enough to wrap around the limit yes\n' > t
fmt -t -w 30 t
fmt --tagged-paragraph -w 25 t
