declare -A tasks=([build]="echo building" [test]="echo testing" [lint]="false")
order=(lint build test deploy)
failed=0
for t in "${order[@]}"; do
  if [[ -z ${tasks[$t]+x} ]]; then echo "unknown task: $t" >&2; failed=$((failed+1)); continue; fi
  printf '==> %s\n' "$t"
  if ! eval "${tasks[$t]}"; then echo "task $t failed" >&2; ((failed++)); fi
done
echo "failures: $failed"
exit $(( failed > 0 ))
