printf 'caf\303\251 latin\351x\n' | strings
printf 'na\303\257ve text\n' | strings
