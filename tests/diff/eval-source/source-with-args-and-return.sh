cat > helper.sh <<'END'
helper_main() { echo "helper got: $*"; }
[[ $# -gt 0 ]] && helper_main "$@"
return 0
echo "not reached"
END
source ./helper.sh x y
echo "rc=$?"
helper_main direct
