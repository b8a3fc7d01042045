mkdir dir; touch empty; echo data > full; ln -s full link
for p in dir empty full link missing; do
  r=""
  [ -e $p ] && r+=e; [ -f $p ] && r+=f; [ -d $p ] && r+=d
  [ -s $p ] && r+=s; [ -L $p ] && r+=L; [ -r $p ] && r+=r
  echo "$p: $r"
done
