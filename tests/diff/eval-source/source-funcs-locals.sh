echo 'local inner=from-sourced; echo "inner=$inner"' > part.sh
f() { local inner=f-local; source ./part.sh; echo "after source: $inner"; }
f; echo "global: [${inner-unset}]"
