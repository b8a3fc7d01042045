export TERM=xterm
tput cols; tput lines; tput colors
tput bold | od -c | head -1
tput sgr0 | od -c | head -1
tput setaf 1 | od -c | head -1
tput setab 4 | od -c | head -1
tput cup 2 3 | od -c | head -1
tput clear | od -c | head -1
tput nosuchcap; echo "st=$?"
TERM=dumb tput colors; TERM=dumb tput bold; echo "st=$?"
TERM=xterm-256color tput colors
tput -T nosuch cols; echo "st=$?"
unset TERM; tput cols; echo "st=$?"
COLUMNS=100 TERM=xterm tput cols
