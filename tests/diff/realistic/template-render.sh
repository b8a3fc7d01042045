render() {
  local tpl=$1 key val
  shift
  for kv in "$@"; do
    key=${kv%%=*}; val=${kv#*=}
    tpl=${tpl//\{\{$key\}\}/$val}
  done
  echo "$tpl"
}
render "Hello {{name}}, you are {{age}} ({{name}})" name=Ann age=41
render "No {{vars}} here"
