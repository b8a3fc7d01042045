printf 'line one\nline two\n' > in.txt
base64 in.txt
base64 - < in.txt
cat in.txt | base64 -
