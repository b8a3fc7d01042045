head -c 5000 /dev/zero | tr '\0' a > long
{ head -c 400 /dev/zero | tr '\0' b; echo; echo short; } > l2
file long l2
