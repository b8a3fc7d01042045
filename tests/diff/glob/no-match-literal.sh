for f in *.csv; do
  [[ -e $f ]] || { echo "no csv files ($f)"; break; }
  echo "$f"
done
echo [abc
echo 'a[b'*
