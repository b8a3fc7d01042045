set -u
defined=1
echo "$defined ${undefined:-default} ${undefined-alt}"
echo "$undefined"
echo "never"
