printf 'ab' | hexdump -e '"%z"'; echo "[$?]"
