echo 'H4sICCBWB2sAA2ExAMtIzcnJ5wIAIDA6NgYAAAA=' | base64 -d > a1.gz
# the date column is the file's mtime (now): cut it out
gzip -lv a1.gz | head -1
gzip -l -v a1.gz | tail -1 | cut -c1-14
gzip -lv a1.gz | tail -1 | cut -c28-
