mkdir -p d/s; printf 1 > d/f.txt; printf 2 > d/s/g.txt
tar --sort=name --owner=u:1 --group=g:1 -cvf a.tar --transform 's/d/X/' d
tar -tf a.tar
tar --sort=name --show-transformed-names -cvf b.tar --xform='s,^d,top,;s/\.txt$/.md/' d
tar -tf b.tar
tar -tf a.tar --transform 's/X/Y/'
tar -tvf a.tar --transform 's/X/Y/' --show-transformed-names | awk '{print $1, $2, $3, $6}'
mkdir o; tar -xvf a.tar -C o --transform 's/X/Z/;s/\(.*\)\.txt/\1.TXT/'; find o | sort
tar -tf a.tar --show-transformed-names --transform 's/[a-z]/<&>/2' --transform 's/x/y/g'
tar -tf a.tar --show-transformed-names --transform 's/T/_/gi' --transform 's|/|:|2'
tar -tf a.tar --show-transformed-names --transform 's/\([A-Z]\)\/\(.\)/\2-\1/x' --transform 's/(s|f)/\U\1\E!/gx'
tar -tf a.tar --show-transformed-names --transform 's/.*//'
tar -tf a.tar --show-transformed-names --transform 's/X/\/abs/'
tar -tf a.tar --show-transformed-names --transform 's,s$,,'
