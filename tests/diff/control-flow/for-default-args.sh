set -- alpha beta "gamma delta"
for arg; do echo "[$arg]"; done
for arg in "$@"; do :; done; echo "last=$arg"
