# `\s` is the shell's own name for a script file or standard input, `$0` under -c.
printf '%s\n' 'p="\s"; echo "${p@P}"' > s.sh
bash s.sh
bash ./s.sh arg
bash < s.sh
bash -c 'p="\s"; echo "${p@P}"' named
bash -c 'p="\s"; echo "${p@P}"'
