count() { echo "$#"; }
count "" "" x
e=""
count $e
count "$e"
count "${e}"x
count ${undefined}
count "$@"
set -- a "" b; count "$@"; count $@; count "$*"
