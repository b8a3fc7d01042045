mkdir -p src/a src/b docs
touch src/a/x.c src/b/y.c src/main.c docs/readme.md
echo src/*
echo src/*/*.c
echo */
echo */*.md
for d in */; do echo "dir ${d%/}"; done
