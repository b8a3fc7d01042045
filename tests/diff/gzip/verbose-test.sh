echo 'H4sICCBWB2sAA2ExAMtIzcnJ5wIAIDA6NgYAAAA=' | base64 -d > a1.gz
gzip -t a1.gz; echo "[$?]"
gzip -tv a1.gz; echo "[$?]"
printf 'junk' > j.gz
gzip -t j.gz; echo "[$?]"
