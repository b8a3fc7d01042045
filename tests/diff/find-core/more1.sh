mkdir -p src/lib src/.git/objects build; touch src/a.rs src/lib/b.rs src/.git/objects/x src/README.md build/out.o src/lib/.hidden
touch -d '2020-01-01' src/a.rs; touch -d '2030-01-01' src/lib/b.rs
find src -name '*.rs' | sort
find src -name .git -prune -o -name '*' -type f -print | sort
find src -not -path '*/.git/*' -type f | sort
find src -path src/.git -prune -o -type f -print | sort
find . -name '*.o' -o -name '*.md' | sort
find . -type f -name '*.rs' -newer src/README.md
find src -maxdepth 1 -name '.*'
find src -name 'README*' -exec cat {} \;
find . -type d -name lib
find src/lib -type f -printf '%P\n' | sort
find src -type f -name '*.rs' -printf '%f\n' | sort
find src/a.rs -printf '%t|%TF|%Tb|%AY\n' | cut -c1-3,25-
find src/a.rs -printf '%m %M %y %n\n'
find src -type d -empty
find src -type f -empty | sort
find src -iname 'readme.MD'
find src -name '*.RS'
find src -name 'a.rs' -print -o -print | sort
find src -type f \( -name '*.rs' -o -name '*.md' \) -not -name 'b*' | sort
find src -mindepth 1 -maxdepth 1 -type d | sort
find src -type f -mtime +365
find src -type f -newermt '2025-01-01' | sort
find . -path './src/lib*' | sort
find src -name '[ab].rs' | sort
find src -name '*.rs' | wc -l
find src -ipath '*LIB*' -type f | sort
find src -size 0 -type f | wc -l
find src/a.rs src/nope 2>&1; echo $?
find src -type f -newermt '2025-01-01 00:00' | sort
find src -type f ! -newermt '2021-01-01'
find src -type f -newermm src/a.rs | sort
find . -maxdepth 0 -newermt 'bogus'; echo $?
