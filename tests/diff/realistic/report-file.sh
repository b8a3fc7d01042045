report=summary.md
{
  echo "# Summary"
  echo
  for section in Intro Body; do
    echo "## $section"
    printf -- '- item %d\n' 1 2
  done
} > "$report"
cat "$report"
echo "lines: $(wc -l < "$report")"
