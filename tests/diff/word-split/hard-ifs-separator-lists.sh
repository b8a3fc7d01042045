# Unquoted $@ / $* / ${a[@]} with a non-whitespace first IFS character keep empty elements.
p() { printf '<%s>' "$@"; echo; }
set -- one '' two; IFS=zx; p $*; p $@; p =$@=; a=(one '' two); p ${a[@]}; p ${a[*]}
set -- one ''; p $*; set -- '' one; p $*; set -- 'a x' '' 'b'; p $@
IFS=' x'; set -- one '' two; p $*; p $@
IFS='x '; set -- one '' two; p $*; p $@
IFS=x; set -- "" "" ""; p $*; p x$@
IFS=' '; set -- "" "" ""; p $*; p x$@y
