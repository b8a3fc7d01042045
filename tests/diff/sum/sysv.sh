printf 'hello\n' > a
sum -s a
sum --sysv < a
sum -s - < a
