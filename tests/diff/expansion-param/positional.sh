set -- one two three four five six seven eight nine ten eleven
echo $1 $9 ${10} ${11} $#
shift 3; echo $1 $#
shift; echo "$@"
set --; echo "$#"
set -- "${@:-empty}"; echo $1
