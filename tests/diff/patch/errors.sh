echo garbage | patch; echo "st=$?"
printf -- "--- a/nosuch\n+++ b/nosuch\n@@ -1 +1 @@\n-1\n+2\n" | patch -p1; echo "st=$?"
patch -i missing.diff; echo "st=$?"
patch -p x < /dev/null; echo "st=$?"
