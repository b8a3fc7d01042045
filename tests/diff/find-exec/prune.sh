mkdir -p a/skip b; touch a/skip/x a/y b/z
find . -path ./a/skip -prune -o -type f -print | sort
find . -name skip -prune -o -type f -exec echo f {} \; | sort
