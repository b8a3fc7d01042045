printf 'aa bb cc dd ee ff gg hh ii jj\n' > t
fmt -10 t
fmt -w 12 -5 t; echo "st=$?"
fmt -u -10 t; echo "st=$?"
