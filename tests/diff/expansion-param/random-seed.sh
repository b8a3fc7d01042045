# RANDOM=N seeds bash's generator (N is arithmetic); unset RANDOM ends its special meaning.
RANDOM=5; echo $RANDOM $RANDOM $RANDOM
RANDOM=0x10; echo $RANDOM
RANDOM=-1; echo $RANDOM
RANDOM=abc; echo $RANDOM
RANDOM=99999999999; echo $RANDOM
declare -i RANDOM; RANDOM=2+3; echo $RANDOM
unset RANDOM
echo "[$RANDOM]"
RANDOM=3; echo $RANDOM $RANDOM
