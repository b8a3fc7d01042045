mkdir -p proj/{src/{lib,bin},test,doc}
touch proj/src/lib/{a,b}.rs
find_all() { for d in proj proj/* proj/*/*; do echo "$d"; done; }
find_all
ls proj/src/lib
