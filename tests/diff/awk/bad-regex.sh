echo x | awk '/a(/'; echo "st=$?"
echo x | awk '{ if ($0 ~ "a(") print }'; echo "st=$?"
echo abc | awk '{ print match($0, /b[/) }'; echo "st=$?"
