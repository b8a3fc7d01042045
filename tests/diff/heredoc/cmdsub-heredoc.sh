v=$(cat <<EOT
inside cmdsub
second
EOT
)
echo "$v" | wc -l
echo "$v"
