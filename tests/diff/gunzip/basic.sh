echo 'H4sICCBWB2sAA2ExAMtIzcnJ5wIAIDA6NgYAAAA=' | base64 -d > a1.gz
gunzip a1.gz; echo "[$?]"
ls; cat a1
