import shlex
print(shlex.split("cmd --opt 'a b' \"c d\" e\\ f"))
print(shlex.quote("it's here"), shlex.quote("safe"))
print(shlex.join(["ls", "-l", "my file"]))
