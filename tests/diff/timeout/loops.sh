timeout 0.2 bash -c "while :; do :; done"; echo "st=$?"
timeout 0.2 bash -c "for ((;;)); do ((i++)); done"; echo "st=$?"
timeout 0.2 bash -c "yes | while read l; do :; done"; echo "st=$?"
timeout 0.3 bash -c "echo start; sleep 5 | cat; echo end"; echo "st=$?"
