cat > prog.awk <<'AWK'
# count words
{ for (i = 1; i <= NF; i++) w[tolower($i)]++ }
END {
    for (k in w)
        print w[k], k
}
AWK
printf 'the cat the dog\nThe end\n' | awk -f prog.awk | sort -rn
echo 'x y' | awk -f prog.awk -v z=1 | sort
