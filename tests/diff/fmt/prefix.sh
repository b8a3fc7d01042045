cat > c <<'T'
# This is a comment that is long enough that it should be wrapped by fmt when prefix is used.
# second comment line
code line stays
  # indented comment line with more words in it to wrap properly
#no space after hash
T
fmt -p '#' -w 30 c
fmt -p '# ' -w 40 c
fmt --prefix='  #' -w 30 c
