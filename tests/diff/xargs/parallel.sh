seq 8 | xargs -P 4 -n 1 sh -c 'echo "item $0"' | sort
seq 5 | xargs -P 3 -n 1 sh -c 'exit $0'; echo "st=$?"
seq 3 | xargs -P 2 -n 1 true; echo "st=$?"
seq 3 | xargs -P 2 nosuch_cmd_q; echo "st=$?"
seq 20 | xargs -P 0 -n 2 echo | wc -l
seq 3 | xargs -P x echo; echo "st=$?"
