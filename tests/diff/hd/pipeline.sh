echo 'key=value' | hd | head -1 | cut -c1-8
