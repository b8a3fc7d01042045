while IFS='=' read -r key val; do
  echo "key=[$key] val=[$val]"
done <<'END'
name=alice
 spaced = yes 
eq=a=b
novalue
END
