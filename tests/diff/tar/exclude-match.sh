mkdir -p d/s d/.git d/CVS e; printf 1 > d/f.txt; printf 2 > d/s/g.txt; printf 3 > d/s/h.log
printf 4 > d/.git/c; printf 5 > d/CVS/x; printf 6 > d/.gitignore; printf 7 > e/f.txt; printf 8 > d/b~
for args in --exclude=s --exclude=d/s --exclude=s/g.txt '--exclude=*.txt' --exclude=d '--exclude=d/*' \
  '--exclude=*/s' --exclude=/d --exclude=f.txt --exclude-vcs --exclude-backups '--exclude=S --ignore-case' \
  '--ignore-case --exclude=S' '--anchored --exclude=s' '--anchored --exclude=d/s' '--no-wildcards --exclude=*.txt' \
  '--no-wildcards-match-slash --exclude=d/*.txt' '--exclude=?' '--exclude=.git*' '--exclude=[ds]' '--exclude=s/'; do
  set -f; tar --sort=name -cf x.tar $args d e; st=$?; set +f
  echo "$args [$st]: $(tar -tf x.tar | tr '\n' ' ')"
done
tar --sort=name -cf all.tar d e
tar -tf all.tar --exclude-vcs | tr '\n' ' '; echo
tar -tf all.tar --exclude=.git --exclude='*.log' | tr '\n' ' '; echo
mkdir o; tar -xf all.tar -C o --exclude='d/*'; find o | sort | tr '\n' ' '; echo
