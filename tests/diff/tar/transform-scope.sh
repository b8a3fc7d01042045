mkdir d; printf x > d/f; ln -s f d/l; ln -s ../d/f d/l2; ln d/f d/h
for x in 's/f/F/' 's/f/F/S' 's/f/F/H' 's/f/F/R' 's/f/F/rSH' 'flags=S;s/f/F/' 'flags=S;s/f/F/s'; do
  echo "== $x"
  tar --sort=name -cf a.tar --transform="$x" d
  tar -tvf a.tar | sed 's/^.* [0-9][0-9]:[0-9][0-9] //'
done
mkdir o; tar -xf a.tar -C o --strip-components=1 --transform 's/h/H/'; ls o; readlink o/l2
