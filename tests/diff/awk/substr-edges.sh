awk 'BEGIN { s = "hello"; print substr(s, 0) "|" substr(s, -1, 3) "|" substr(s, 2, 100) "|" substr(s, 1.5, 2.3) }'
awk 'BEGIN { s = "hello"; print substr(s, 6) "|" substr(s, 5, 1) "|" substr(s, 2, -1) "|" substr(s, 3) "|" substr(s, 0, 2) }'
awk 'BEGIN { print substr("abc", 2, 0) "|" substr("", 1, 5) "|" substr(12345, 2, 3) }'
