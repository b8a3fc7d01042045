# kitsh's compressed bytes differ from GNU gzip's: decompress GNU output and round-trip kitsh output instead
echo 'H4sICCBWB2sAA2ExAMtIzcnJ5wIAIDA6NgYAAAA=' | base64 -d > a1.gz
zcat a1.gz
printf 'hello\n' | gzip | gzip -d | od -c
