mkdir -p d/a/b d/c; touch -d '2024-01-01 00:00' d/old.txt; touch -d '2024-06-01 00:00' d/new.txt
printf 'xxxxxxxxxx' > d/a/ten.log; : > d/c/empty.TXT; printf '%02000d' 0 > d/a/b/big.dat
find d | sort
find d -name '*.txt' | sort
find d -iname '*.txt' | sort
find d -type d | sort
find d -type f -name '*.log'
find d -maxdepth 1 | sort
find d -mindepth 2 -type f | sort
find d -path '*a/b*'
find d -newer d/old.txt -name '*.txt'
find d -type f -size +1k
find d -size -2c -type f | sort
find d -empty | sort
find d -name a -prune -o -type f -print | sort
find d -type f -print0 | sort -z | tr '\0' '\n'
find d -name '*.txt' -o -name '*.log' | sort
find d \( -name '*.txt' -o -name '*.log' \) -type f | sort
find d ! -type d | sort
find d -not -name '*.txt' -type f | sort
find d -type f -printf '%f %s %d %p\n' | sort
find d -maxdepth 1 -type f -printf '%TY-%Tm-%Td %P\n' | sort
find d/a -type f -printf '%h/%f\n' | sort
find missing; echo $?
find d -name '*.dat' -delete; ls d/a/b
find . -maxdepth 1 -type d
find d -type f -size 10c
