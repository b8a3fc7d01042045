# A new shell sets SHELL when the environment has none, and starts in the physical
# directory unless an inherited PWD names it.
echo "${SHELL-unset}"
mkdir -p target; ln -s target link; cd link
bash -c 'basename "$(pwd)"'
(unset PWD; bash -c 'basename "$(pwd)"')
