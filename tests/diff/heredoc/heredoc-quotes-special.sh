x=val
cat <<END
"double $x" 'single $x' \$escaped \\backslash
a \
continued line
tab	inside
END
