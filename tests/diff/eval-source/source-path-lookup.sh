mkdir -p lib
echo 'echo "loaded lib/util.sh"' > lib/util.sh
source lib/util.sh
. "$PWD/lib/util.sh"
source nonexistent_file_zz.sh
echo "rc=$?"
