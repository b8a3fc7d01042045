printf -- "--- /dev/null\n+++ new.txt\n@@ -0,0 +1,2 @@\n+a\n+b\n" | patch; cat new.txt
mkdir -p sub; echo 1 > sub/x
printf -- "--- a/sub/x\n+++ b/sub/x\n@@ -1 +1 @@\n-1\n+one\n" > g.diff
patch -p1 < g.diff; cat sub/x
patch -p1 -R -i g.diff; cat sub/x
patch -o out.txt -p1 < g.diff; cat out.txt
