echo data > config.ini
cat config.ini{,} 
echo file.{txt,bak,orig}
for v in v{1..3}.{0,5}; do printf '%s ' "$v"; done; echo
