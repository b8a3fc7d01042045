v=$(case x in x) echo matched;; esac); echo "$v"
w=$(echo "a)b"); echo "$w"
n=$(( $(echo 2) + $(echo 3) )); echo "$n"
c=$(echo one # comment with )
echo two); echo "$c"
b=`echo \`echo nested-bt\``; echo "$b"
h=$(cat <<'EOT'
heredoc ) inside
EOT
); echo "$h"
