v="key=value=more"
echo "${v%%=*}" "${v#*=}" "${v%=*}" "${v##*=}"
url="https://example.com:8080/path/to?q=1"
proto=${url%%://*}; rest=${url#*://}; host=${rest%%/*}; port=${host##*:}; host=${host%%:*}
echo "$proto $host $port /${rest#*/}"
ver="v1.22.333"; ver=${ver#v}; echo "${ver%%.*} ${ver#*.}"
