printf '{"a": 1, "b": [1,2]}\n' > j.json; printf '[1,2]' > arr; printf '{"a":}' > bad
printf '<!DOCTYPE html>\n<html></html>\n' > h.html; printf '<?xml version="1.0"?>\n<a/>\n' > x.xml
file j.json arr bad h.html x.xml
