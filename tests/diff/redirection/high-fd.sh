# Descriptors at or above `ulimit -n` cannot be opened: dup2(2) fails with EBADF, and bash
# names the duplicated descriptor (or the target one for files and here-strings).
ulimit -n 1024
echo a 1023>&1; echo "st=$?"
echo b 1024>&1; echo "st=$?"
echo c 1000001000>&0000; echo "st=$?"
echo d 2000>/dev/null; echo "st=$?"
cat 5000<<<hi; echo "st=$?"
echo e 5000>&-; echo "st=$?"
echo f 99999999999999999999>&1; echo "st=$?"
exec 1000>&1; echo g >&1000; exec 1000>&-; echo "st=$?"
echo h >&1000; echo "st=$?"
( exec 3000>&2 ) ; echo "st=$?"
