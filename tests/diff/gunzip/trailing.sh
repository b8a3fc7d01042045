echo 'H4sICCBWB2sAA2ExAMtIzcnJ5wIAIDA6NgYAAAA=' | base64 -d > a.gz
{ cat a.gz; printf 'junk'; } > j.gz
gunzip -c j.gz; echo "[$?]"
{ cat a.gz; printf '\0\0\0\0'; } > z.gz
gunzip -c z.gz; echo "[$?]"
