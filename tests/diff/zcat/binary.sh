printf '\377\000\200' | gzip | zcat | od -An -tx1
