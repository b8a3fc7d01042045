# set -x quoting: single quotes for shell metacharacters (a tab or newline shown as is), $'...'
# for what the locale cannot print, non-ASCII text as is in a UTF-8 locale.
exec 2>&1
words() { set -x; x=héllo; y="a	b"; : "$x" "a b" $'\t' "" a^b "~x" a~b "#c" d# $'a\nb' $'\001' "ü ü" it\'s; set +x; }
LC_ALL=C
words
LC_ALL=C.UTF-8
words
