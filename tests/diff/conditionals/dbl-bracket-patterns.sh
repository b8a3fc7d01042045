f=report.PDF
[[ $f == *.[Pp][Dd][Ff] ]] && echo pdf
[[ $f == "*.PDF" ]] || echo "quoted no glob"
[[ $f != *.txt ]] && echo not-txt
x="a b"; [[ $x == a\ b ]] && echo escaped-space
[[ -n $undefined_var ]] || echo "no word split issues"
[[ $x ]] && echo nonempty
