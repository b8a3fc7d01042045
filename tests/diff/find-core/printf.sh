mkdir -p a/b; printf 'hello' > a/b/f.txt; touch -d '2021-02-03 04:05:06' a/b/f.txt; ln -s b/f.txt a/l; touch -d '2021-02-03 04:05:06' a/b
find a -printf '%p|%P|%f|%h|%d|%y|%Y\n' | sort
find a/b/f.txt -printf '%s %k %b %m %#m %M\n'
find a/b/f.txt -printf '%TY %Tm %Td %TH %TM %TS %Tj %Ta %Tb %TT %TD %T+\n' | sed 's/\.[0-9]*/.N/g'
find a/b/f.txt -printf '%Tk %Tl %Tp %Tr %TZ %Tz %TU %Tw\n'
find a/b/f.txt -printf '%t\n%c\n' | head -1
find a/b/f.txt -printf '%10s|%-10f|%5d|\n'
find a/l -printf '%l %y %Y\n'
find a/b/f.txt -printf 'tab\there\\n%%\0' | od -c
find a/b/f.txt -printf '%H|%i\n' | cut -d'|' -f1
find a -maxdepth 1 -printf '%f\n' | sort
find a/b -printf '%Ts\n'
find a/b/f.txt -printf '%Z\n' 2>/dev/null | head -c0; echo
find a/b/f.txt -printf '%w|%z\n' 2>&1 | head -1
