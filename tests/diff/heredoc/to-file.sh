cat > script.conf <<CONF
[main]
key=value
path=$PWD/data
CONF
grep_free() { while read -r l; do [[ $l == key=* ]] && echo "${l#key=}"; done < script.conf; }
grep_free
wc -l < script.conf
