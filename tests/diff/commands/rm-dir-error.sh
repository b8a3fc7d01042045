mkdir d
rm d
echo "rc=$?"
rmdir_free() { rm -r "$1"; }; rmdir_free d && echo ok
