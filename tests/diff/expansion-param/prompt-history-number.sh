# \! is the history number of the command being run (1 without history), \# stays 0 in -c
PS1='[\!]'
echo "${PS1@P}"
set -o history
history -c
echo "${PS1@P}"
echo "_${PS1@P}"
x=1; echo "${PS1@P}"
set +o history
echo "${PS1@P}"
