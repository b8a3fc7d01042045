show() { printf '<%s>' "$@"; echo; }
wrap() { show "$@"; show "$*"; show $@; }
wrap "a b" '' 'c*'
