# A short write lands in the pipe buffer even when the reader has already exited.
{ echo hi; exit 55; } | false
echo "${PIPESTATUS[@]}"
echo hello | true
echo "${PIPESTATUS[@]}"
yes | head -n 1
echo "${PIPESTATUS[@]}"
set -o pipefail
printf 'a\nb\n' | grep -q a
echo "pipefail=$?"
