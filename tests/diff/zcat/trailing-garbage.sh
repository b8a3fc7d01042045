echo 'H4sICCBWB2sAA2ExAMtIzcnJ5wIAIDA6NgYAAAA=' | base64 -d > a.gz
{ cat a.gz; printf 'x'; } | zcat; echo "[$?]"
