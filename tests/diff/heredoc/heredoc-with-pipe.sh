cat <<END | tr a-z A-Z
piped heredoc
END
cat <<END | sort -r | head -1
b
c
a
END
wc -l <<END
1
2
END
