mkdir -p data backup
for n in 1 2 3; do echo "content $n" > "data/file$n.txt"; done
copied=0
for f in data/*.txt; do
  name=${f##*/}
  cat "$f" > "backup/${name%.txt}.bak" || { echo "copy failed: $f"; exit 1; }
  ((copied++))
done
echo "copied $copied files"
ls backup
cat backup/file2.bak
