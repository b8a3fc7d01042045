# A writer that keeps writing after its reader left gets SIGPIPE (141).
# (Short writes to a reader that never reads are racy in bash; see interp/io.rs tests.)
yes | head -n 1
echo "${PIPESTATUS[@]}"
seq 1 100000 | head -n 2
echo "${PIPESTATUS[@]}"
