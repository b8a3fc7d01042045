# env is a program for bash: `type` names its file, and once it has run, bash remembers it.
type env; type -t env; command -v env
env >/dev/null
type env; command -V env
