( timeout 0.2 bash -c "trap \"echo got TERM\" TERM; sleep 0.5; echo after"; echo "st=$?" ) 2>/dev/null
( timeout -k 0.2 0.1 bash -c "trap \"\" TERM; sleep 1; echo after"; echo "st=$?" ) 2>/dev/null
