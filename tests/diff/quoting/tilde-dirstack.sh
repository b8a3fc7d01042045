# `~N`, `~+N` and `~-N` name entries of the directory stack (`dirs -v` numbering; `-` from the
# bottom); out of range or malformed they stay as written.
mkdir -p d1 d2/sub
base=$PWD
show() { for w in "$@"; do printf '[%s]' "${w#"$base"}"; done; echo; }
show ~0 ~+0 ~-0 ~1 ~+1 ~-1
pushd d1 >/dev/null
pushd ../d2/sub >/dev/null
show ~0 ~1 ~2 ~3 ~-0 ~-1 ~-2 ~-3 ~+2 ~01 ~+x ~-y
x=~2; show "$x" a=~1 "~1"
popd >/dev/null
show ~1 ~-0
