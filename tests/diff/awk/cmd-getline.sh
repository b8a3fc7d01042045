awk 'BEGIN { "echo hello world" | getline; print $2, NR }'
awk 'BEGIN { cmd = "printf \"a\\nb\\nc\\n\""; while ((cmd | getline line) > 0) n = n line; close(cmd); print n }'
awk 'BEGIN { "echo 42" | getline x; print x + 1 }'
