shopt -s extglob
touch app.js app.ts lib.js test.py readme
echo *.@(js|ts)
echo !(*.js)
echo +(a|p)*
echo ?(r)eadme
v=aaa; [[ $v == +(a) ]] && echo plus-a
case foo.tar.gz in *.@(gz|bz2)) echo compressed;; esac
