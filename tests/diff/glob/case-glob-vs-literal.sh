touch '*' a
pat='*'
[[ a == $pat ]] && echo unquoted-glob
[[ a == "$pat" ]] || echo quoted-literal
case a in $pat) echo case-glob;; esac
case a in "$pat") echo no;; *) echo case-literal;; esac
ls
