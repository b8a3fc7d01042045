name="widget"; price=9.5; tags=(a b)
t=$(printf '"%s",' "${tags[@]}")
cat <<JSON
{
  "name": "$name",
  "price": $price,
  "tags": [${t%,}]
}
JSON
