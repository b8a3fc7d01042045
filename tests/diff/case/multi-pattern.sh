classify() {
  case "$1" in
    *.tar.gz|*.tgz) echo tarball ;;
    *.zip | *.jar) echo zip ;;
    ""|" ") echo blank ;;
    -h|--help) echo help ;;
    -*) echo "option $1" ;;
    *) echo file ;;
  esac
}
for a in x.tgz b.jar "" --help -v plain; do classify "$a"; done
