a=abc b=abd
[ "$a" = abc ] && echo eq
[ "$a" != "$b" ] && echo ne
[ -z "" ] && echo empty
[ -n "$a" ] && echo nonempty
[ "$a" \< "$b" ] && echo less
test "$a" == abc && echo dbl-eq
[ "" ] || echo "empty string false"
[ x ] && echo "nonempty true"
