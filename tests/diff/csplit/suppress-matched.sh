printf 'a\n--\nb\n--\nc\n' > f
csplit --suppress-matched f '/^--$/' '{*}'; echo "st=$?"
head xx*
rm xx*; seq 1 7 > g; csplit --suppress-matched g 3 5; echo "st=$?"; head xx*
