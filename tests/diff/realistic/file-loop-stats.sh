mkdir -p logs
printf 'ok\nerror: disk\nok\n' > logs/app1.log
printf 'error: net\nerror: auth\n' > logs/app2.log
printf 'ok\n' > logs/app3.log
for f in logs/*.log; do
  total=$(wc -l < "$f")
  errs=0; while read -r l; do [[ $l == error:* ]] && ((errs++)); done < "$f"
  printf '%s: %d lines, %d errors\n' "$(basename "$f" .log)" "$total" "$errs"
done
