user=alice; n=3
cat <<EOT
User: $user
Items: $((n * 2))
Cmd: $(echo sub)
Escaped: \$user \`x\` \\
Quotes: "double" 'single'
EOT
