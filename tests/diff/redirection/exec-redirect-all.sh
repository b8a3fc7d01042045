exec 3>&1
exec > captured.txt
echo "this goes to file"
echo "so does this"
exec 1>&3 3>&-
echo "back to stdout"
cat captured.txt
