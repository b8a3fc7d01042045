f() { return 256; }; f; echo $?
(exit 257); echo $?
(exit -1); echo $?
bash_exit() { exit "$1"; }; (bash_exit 42); echo $?
