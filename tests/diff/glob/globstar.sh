mkdir -p a/b/c
touch a/1.txt a/b/2.txt a/b/c/3.txt top.txt
shopt -s globstar
echo **/*.txt
echo a/**
shopt -u globstar
echo **/*.txt
