for s in a b c; do printf '%s' "$s" | sha256sum | cut -c1-16; done
h=$(printf 'key' | sha256sum | awk '{print $1}' 2>/dev/null || true)
printf 'key' | sha256sum | { read -r h _; echo ${#h}; }
