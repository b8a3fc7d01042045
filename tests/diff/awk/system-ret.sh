awk 'BEGIN { r = system("exit 3"); print "r=" r }'
awk 'BEGIN { printf "before "; system("echo inside"); print "after" }'
awk 'BEGIN { system("true") ; print system("false") }'
