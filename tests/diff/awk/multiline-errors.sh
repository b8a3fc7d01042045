awk '
BEGIN { print 1
print 2 +
}'; echo "st=$?"
awk 'BEGIN { x = "unterminated
}'; echo "st=$?"
awk 'BEGIN { print 1 } }'; echo "st=$?"
