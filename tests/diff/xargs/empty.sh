printf "" | xargs echo; echo "st=$?"
printf "" | xargs -r echo hi; echo "st=$?"
printf "\n\n" | xargs -r echo hi; echo "st=$?"
