printf 'a\nb\nc\n' > f
sed '2i inserted' f
sed '2a appended' f
sed '2c changed' f
sed '/b/i\
line1\
line2' f
sed '$a\
END' f
sed '2i\   lead' f
sed '1a\\tx' f
sed '2,3c\
gone' f
sed '1a foo\nbar' f
sed -e '1a\' -e 'two' f
sed '2{i\
X
}' f
