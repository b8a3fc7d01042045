set -e
load_optional() { [[ -f $1 ]] && source "$1"; }
load_optional missing.conf || echo "optional config absent"
echo "continuing"
load_optional missing.conf
echo "never"
