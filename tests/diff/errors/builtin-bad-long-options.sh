# bash's builtins name the first letter of a bad option (`--version`: `--`); cd takes combined
# letters (-LP). Commands from other packages than coreutils say so in --version.
printf --version; echo st=$?
printf -xyz; echo st=$?
cd -LP / && pwd
cd -Lx /; echo st=$?
cd --x; echo st=$?
cd -- / && pwd
column --version | head -1
cmp --version | head -1
diff --version | head -1
