: "${APP_ENV:=development}"
: "${APP_PORT:=3000}"
LOG_LEVEL=${LOG_LEVEL:-info}
echo "env=$APP_ENV port=$APP_PORT log=$LOG_LEVEL"
APP_PORT=abc
[[ $APP_PORT =~ ^[0-9]+$ ]] || { echo "invalid port: $APP_PORT" >&2; exit 2; }
