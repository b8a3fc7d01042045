iconv -l | grep -x 'UTF-8//'
iconv -l | grep -x 'ISO-8859-1//'
iconv -l | grep -x 'UTF-16LE//'
iconv -l | grep -cx 'ASCII//'
