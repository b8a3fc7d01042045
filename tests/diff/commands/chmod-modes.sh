touch script.sh
chmod 755 script.sh; [[ -x script.sh ]] && echo exec
chmod a-x script.sh; [[ -x script.sh ]] || echo noexec
chmod u+x script.sh; [[ -x script.sh ]] && echo user-exec
chmod 000 missing 2>/dev/null || echo "chmod missing rc=$?"
