queue=(task1 task2 fail task3)
done_list=(); failed=()
process() { [[ $1 != fail ]]; }
while ((${#queue[@]})); do
  item=${queue[0]}; queue=("${queue[@]:1}")
  if process "$item"; then done_list+=("$item"); else failed+=("$item"); fi
done
echo "done: ${done_list[*]}"
echo "failed: ${failed[*]:-none}"
(( ${#failed[@]} == 0 )) || { echo "some tasks failed" >&2; exit 1; }
