# BASH_EXECUTION_STRING in a nested `bash -c` (the differential runner runs files, where it is unset)
echo "[${BASH_EXECUTION_STRING-unset}]"
bash -c 'echo "[$BASH_EXECUTION_STRING]"; declare -p BASH_EXECUTION_STRING'
bash -c 'bash -c "echo \"\$BASH_EXECUTION_STRING\""'
x=$(bash -c 'env | grep -c BASH_EXECUTION_STRING'); echo "exported: $x"
