for x in; do :; done; echo "empty for: $?"
false; while false; do :; done; echo "while: $?"
for i in 1 2; do false; done; echo "last body: $?"
if false; then :; fi; echo "if no branch: $?"
