read -r -d '' block <<'EOT'
line one
line two
EOT
echo "rc=$? [$block]"
