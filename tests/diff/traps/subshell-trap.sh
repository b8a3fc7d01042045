trap 'echo parent-exit' EXIT
( trap 'echo child-exit' EXIT; echo in-child )
echo in-parent
