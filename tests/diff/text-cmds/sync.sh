sync; echo "st=$?"
touch f; sync f; echo "st=$?"
sync nosuch; echo "st=$?"
