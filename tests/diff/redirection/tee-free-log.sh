log() { echo "$(printf '[%s] ' INFO)$*" >> app.log; }
log starting; log "processing item 1"; log done
wc -l < app.log
head -1 app.log; tail -n 1 app.log
