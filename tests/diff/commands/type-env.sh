# env, bash and sh are programs for bash (kitsh runs them as builtins, unseen).
type env; type -t env; command -v env; command -V env
type -a env
type -t bash sh
builtin env true; echo "builtin: $?"
hash env; hash
env true && echo ran
