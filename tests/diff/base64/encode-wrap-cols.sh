printf 'hello world, this is kitsh' | base64 -w 10
printf 'abcd' | base64 --wrap=3
printf 'abcdef' | base64 -w 4
