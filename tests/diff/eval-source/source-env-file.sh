cat > .env <<'END'
DB_HOST=localhost
DB_PORT=5432
# comment line
APP_NAME="my app"
END
set -a; source ./.env; set +a
echo "$DB_HOST:$DB_PORT [$APP_NAME]"
printenv DB_PORT
