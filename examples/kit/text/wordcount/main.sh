#!/usr/bin/env bash
# wordcount.sh TEXT [TOP]
text=$1
top=${2:-3}
printf '%s\n' "$text" | tr -cs '[:alnum:]' '\n' | tr '[:upper:]' '[:lower:]' | grep -v '^$' |
  sort | uniq -c | sort -k1,1nr -k2 | head -n "$top" | awk '{print $1, $2}'
