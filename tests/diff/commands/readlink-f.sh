mkdir -p real/dir; ln -s real/dir link
readlink link
cd link && pwd && pwd -P | sed_free() { :; }; cd ..
readlink -f link | tr -d '\n' | tail -c 8; echo
readlink -f nonexist/x; echo "rc=$?"
