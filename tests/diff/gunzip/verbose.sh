echo 'H4sICCBWB2sAA2ExAMtIzcnJ5wIAIDA6NgYAAAA=' | base64 -d > a1.gz
gunzip -v a1.gz; echo "[$?]"
