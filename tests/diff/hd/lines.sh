printf 'line one\nline two\nline three\n' | hd
