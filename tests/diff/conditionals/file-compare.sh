echo a > one; echo b > two
[[ one -ef one ]] && echo same
[[ one -ef two ]] || echo different
[ -x one ] || echo not-exec
chmod +x one; [ -x one ] && echo now-exec
[ -w two ] && echo writable
