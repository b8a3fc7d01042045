mkdir -p d/sub; printf 'aaaa' > d/b.txt; printf 'a' > d/a.txt; printf '%0300d' 0 > d/c.big; : > d/.hidden
touch -d '2024-01-01 10:00' d/a.txt; touch -d '2024-02-01 10:00' d/b.txt; touch -d '2024-03-01 10:00' d/c.big; touch -d '2024-01-15 10:00' d/sub d/.hidden
ls d
ls -a d
ls -A d
ls -1 d
ls -t d
ls -tr d
ls -S d
ls -Sr d
ls -r d
ls -d d
ls -F d
ls -p d
ls -R d
ls d/a.txt d/sub
ls missing d/a.txt; echo $?
ls -1 d/*.txt
# (`..` is the test's own directory, changed a moment ago: its time can fall in another minute
# between the two shells' runs, so only its name is compared.)
touch -d '2024-01-20 10:00' d
ls -la d | awk '$9 == ".." {print $9; next} {print $1, $5, $6, $7, $8, $9}'
ls -l d | awk '{print $1, $5, $6, $7, $8, $9}'
ls -lh d/c.big | awk '{print $5}'
ls -ld d/sub | awk '{print $1, $9}'
ls -l --time-style=long-iso d | awk '{print $6, $7, $8}'
ls -s d | head -1
cd d && ls *.txt && ls -m && ls -x
