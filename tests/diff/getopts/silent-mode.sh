set -- -a -z -b
while getopts ":ab:" opt; do
  case $opt in
    a) echo "a" ;;
    b) echo "b=$OPTARG" ;;
    :) echo "missing arg for -$OPTARG" ;;
    \?) echo "unknown -$OPTARG" ;;
  esac
done
echo "OPTIND=$OPTIND"
