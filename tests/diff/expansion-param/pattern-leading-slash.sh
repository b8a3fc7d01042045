# After `//` a pattern starting with `/` keeps it; after `/#` and `/%` it is the delimiter
y='a/b/c'
echo ${y///} ${y////} ${y////&} "${y////'&'}" ${y////\&} "${y//\//_}" ${y/#//X} ${y/%//X} ${y/'/'/X}
x='//a'; echo ${x//\//-} ${x///} ${x/#\//} ${x////-}
