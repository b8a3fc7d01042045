printf '1\n2\n3\n' > nums
printf 'a\nb\nc\n' > lets
while read -r n <&3 && read -r l <&4; do echo "$n$l"; done 3<nums 4<lets
