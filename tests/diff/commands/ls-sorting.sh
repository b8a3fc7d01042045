touch b a C _x 10 9
ls
ls -r | head -2
ls -1 | wc -l
mkdir sub; touch sub/z; ls sub a
