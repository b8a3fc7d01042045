x=0
echo 5 | read x; echo "x=$x"
shopt -s lastpipe; set +m
echo 7 | read y; echo "y=$y"
