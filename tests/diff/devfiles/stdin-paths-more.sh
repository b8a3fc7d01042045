for c in 'tac' 'rev' 'nl' 'fold -w1' 'expand' 'md5sum' 'base64' 'od -c' 'paste -' 'comm - /dev/null' 'join - /dev/null' 'diff - /dev/null' 'cmp - /dev/null' 'sha256sum' 'cksum' 'xxd' 'strings' 'column' 'numfmt' 'shuf -n0' 'tsort' 'split -l1 - sp' 'grep -c ""' 'awk 1' 'cat'; do
  echo "== $c"; printf '1\n2\n' | $c /dev/stdin 2>&1 | head -3; printf '1\n2\n' | $c /dev/fd/0 2>&1 | head -3
done
