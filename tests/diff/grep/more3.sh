mkdir -p r/s; printf 'hit\n' > r/a.txt; printf 'hit\nhit\n' > r/s/b.md; printf 'miss\n' > r/c.txt
cd r && grep -r hit | sort && cd ..
grep -r hit r/a.txt
grep -rc hit r | sort
grep -rL hit r
grep -rl --include='*.md' hit r
grep -r --include='*.txt' --include='*.md' -l hit r | sort
grep -rn hit r --exclude-dir=s
grep -R hit r | sort
grep --include='*.md' hit r/a.txt r/s/b.md
grep -rw hi r; echo $?
grep -rho hit r | uniq -c
grep -r -e hit -e miss -c r | sort
grep -x -F -e hit -e mis r/c.txt r/a.txt
grep -e -x <<< 'a-xb'
grep -- -x <<< 'a-xb'
grep -c '' /dev/null
grep -L x /dev/null
grep -i 'HIT' -r r --exclude='*.md'
grep -v -l hit r/a.txt r/c.txt
grep -vc hit r/a.txt r/c.txt
grep -n -b hit r/s/b.md
grep -lc hit r/a.txt
grep -lq hit r/a.txt; echo $?
grep -w 'h.t' r/a.txt
grep -ow 'h' <<< 'h-h hh'
grep -o '' <<< abc; echo $?
grep -c -m0 hit r/a.txt; echo $?
grep -E 'x*' -o <<< 'axxb'
grep -i -o 'ß' <<< 'SS ß' ; echo $?
grep -l -m0 hit r/a.txt; echo $?
grep -L -m0 hit r/a.txt; echo $?
grep -m0 hit nonexist; echo $?
grep -m0 -c hit r/a.txt r/c.txt; echo $?
