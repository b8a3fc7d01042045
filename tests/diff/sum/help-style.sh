sum --sysv /dev/null
sum -- /dev/null
