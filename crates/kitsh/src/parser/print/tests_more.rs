//! More printer tests: words, redirections, compound commands, here-documents and command
//! substitutions. The expected texts are `declare -f f` output of GNU bash 5.2.15.

use super::tests::check_all;

#[test]
fn words() {
    check_all(&[
        ("f() { echo \"a\\\"b\" \"\\$x\" \"\\\\\" \"a\\b\" \"\\`\" 'x\"y'; }", "f () \n{ \n    echo \"a\\\"b\" \"\\$x\" \"\\\\\" \"a\\b\" \"\\`\" 'x\"y'\n}"),
        ("f() { echo $'\\x41\\n' $'it\\'s' $\"hi $x\" a\\ b \\$x \\\\; }", "f () \n{ \n    echo 'A\n' 'it'\\''s' \"hi $x\" a\\ b \\$x \\\\\n}"),
        ("f() { echo \"${x:-'q'}\" \"${x#\\\"}\" ${x/a/b} ${x//a} ${x/#a/b} ${x/%a} ${x:1:2} ${x: -1} ${x:1}; }", "f () \n{ \n    echo \"${x:-'q'}\" \"${x#\\\"}\" ${x/a/b} ${x//a} ${x/#a/b} ${x/%a} ${x:1:2} ${x: -1} ${x:1}\n}"),
        ("f() { echo ${!x} ${!pre*} ${!pre@} ${!a[@]} ${!a[*]} ${#a[@]} ${a[i+1]} ${x@Q} ${x^^} ${x,} ${x^} ${x,,[ab]}; }", "f () \n{ \n    echo ${!x} ${!pre*} ${!pre@} ${!a[@]} ${!a[*]} ${#a[@]} ${a[i+1]} ${x@Q} ${x^^} ${x,} ${x^} ${x,,[ab]}\n}"),
        ("f() { echo ${10} $10 \"$@\" $* $# $? $$ $! $- $0 $_ $1x; }", "f () \n{ \n    echo ${10} $10 \"$@\" $* $# $? $$ $! $- $0 $_ $1x\n}"),
        ("f() { echo ~ ~root/x a=~/b x:~/y; x=~/a:~/b y=\"~\"; }", "f () \n{ \n    echo ~ ~root/x a=~/b x:~/y;\n    x=~/a:~/b y=\"~\"\n}"),
        ("f() { echo @(a|b) !(x) +(y) *(z) ?(w); }", "f () \n{ \n    echo @(a|b) !(x) +(y) *(z) ?(w)\n}"),
        ("f() { echo {a,b} {1..3} a{b,c}d \\{a,b\\} '{a,b}'; }", "f () \n{ \n    echo {a,b} {1..3} a{b,c}d \\{a,b\\} '{a,b}'\n}"),
        ("f() { echo line\\\ncontinued \"multi\nline\" 'single\nline'; }", "f () \n{ \n    echo linecontinued \"multi\nline\" 'single\nline'\n}"),
        ("f() { echo ${x:-a b} \"${x:-\"a b\"}\" ${x:=y} ${x:?msg} ${x?} ${x:+alt} ${x-d} ${x=e} ${x+f}; }", "f () \n{ \n    echo ${x:-a b} \"${x:-\"a b\"}\" ${x:=y} ${x:?msg} ${x?} ${x:+alt} ${x-d} ${x=e} ${x+f}\n}"),
        ("f() { echo ${x#*/} ${x##*/} ${x%/*} ${x%%/*} \"${x%\"$y\"}\"; }", "f () \n{ \n    echo ${x#*/} ${x##*/} ${x%/*} ${x%%/*} \"${x%\"$y\"}\"\n}"),
        ("f() { echo $((1+  2)) $(( x * (y+1) )) $((a[1]+$b)); }", "f () \n{ \n    echo $((1+  2)) $(( x * (y+1) )) $((a[1]+$b))\n}"),
        ("f() { echo \"it's\" 'a'\\''b' \"a'b\"; }", "f () \n{ \n    echo \"it's\" 'a'\\''b' \"a'b\"\n}"),
        ("f() { echo \\\"a\\\" \\'b\\' \\* \\? \\[ \\| \\&; }", "f () \n{ \n    echo \\\"a\\\" \\'b\\' \\* \\? \\[ \\| \\&\n}"),
        ("f() { echo a\"b\"'c'$d\"$e\"; }", "f () \n{ \n    echo a\"b\"'c'$d\"$e\"\n}"),
        ("f() { echo \"$(echo a; echo b)\" \"$(( 1 + 2 ))\"; }", "f () \n{ \n    echo \"$(echo a; echo b)\" \"$(( 1 + 2 ))\"\n}"),
        ("f() { echo $(( $(echo   1) + 1 )) ${a[$(echo   1)]} \"${x:-$(echo   1)}\" <( (a) ) $( (a) ); }", "f () \n{ \n    echo $(( $(echo 1) + 1 )) ${a[$(echo 1)]} \"${x:-$(echo 1)}\" <( ( a )) $( ( a ))\n}"),
        ("f() { a[$(echo  1)]=$(echo  2); (( $(echo  3) )); [[ $(echo  7) == $(echo  8) ]]; }", "f () \n{ \n    a[$(echo 1)]=$(echo 2);\n    (( $(echo 3) ));\n    [[ $(echo 7) == $(echo 8) ]]\n}"),
        ("f() { echo $() $( ) <( ) \"$()\"; }", "f () \n{ \n    echo $() $() <() \"$()\"\n}"),
        ("f() { echo \"${a[@]}\" \"${a[*]}\" \"${#a}\" \"${a[1]:-x}\" ${a[$i]}; }", "f () \n{ \n    echo \"${a[@]}\" \"${a[*]}\" \"${#a}\" \"${a[1]:-x}\" ${a[$i]}\n}"),
        ("f() { echo \"${x/\\//_}\" \"${x//[[:space:]]/}\"; }", "f () \n{ \n    echo \"${x/\\//_}\" \"${x//[[:space:]]/}\"\n}"),
        ("f() { echo $'a\\tb' $'\\e[0m' $'\\\\'; }", "f () \n{ \n    echo 'a\tb' '\u{1b}[0m' '\\'\n}"),
        ("f() { local IFS=$'\\n'; }", "f () \n{ \n    local IFS='\n'\n}"),
    ]);
}

#[test]
fn redirections() {
    check_all(&[
        ("f() { a >&2; a 2>&1; a >&-; a <&-; a 2>&-; a <&0; a 3<&4; a >&file; a >&$fd; a 2>&$fd; a <&$fd; }", "f () \n{ \n    a 1>&2;\n    a 2>&1;\n    a 1>&-;\n    a 0>&-;\n    a 2>&-;\n    a 0<&0;\n    a 3<&4;\n    a >&file;\n    a >&$fd;\n    a 2>&$fd;\n    a <&$fd\n}"),
        ("f() { a 2>&1-; a >&3-; a <&3-; a {fd}>&-; a {fd}>&2; a {fd}<&0; a {v}>f; a 1>f; a 0<f; a 2<f; a 0>f; }", "f () \n{ \n    a 2>&1-;\n    a 1>&3-;\n    a 0<&3-;\n    a {fd}>&-;\n    a {fd}>&2;\n    a {fd}<&0;\n    a {v}> f;\n    a > f;\n    a < f;\n    a 2< f;\n    a 0> f\n}"),
        ("f() { a &>f; a &>>f; a 3<<<x; a <<< $'q\\'r'; a >& 2; a 10>&1; a 2>&01; a >\"$f\" < 'x'; }", "f () \n{ \n    a &> f;\n    a &>> f;\n    a 3<<< x;\n    a <<< 'q'\\''r';\n    a 1>&2;\n    a 10>&1;\n    a 2>&1;\n    a > \"$f\" < 'x'\n}"),
        ("f() { a <>rw; a 0<>rw; a 1<>rw; a 3<>rw; a >|cl; a 2>|cl; a >>ap; a 2>>ap; }", "f () \n{ \n    a 0<> rw;\n    a 0<> rw;\n    a <> rw;\n    a 3<> rw;\n    a >| cl;\n    a 2>| cl;\n    a >> ap;\n    a 2>> ap\n}"),
        ("f() { >out; < in; 2>err cmd; cmd >a arg1 2>b arg2; }", "f () \n{ \n    > out;\n    < in;\n    cmd 2> err;\n    cmd arg1 arg2 > a 2> b\n}"),
        ("f() { a >&$x-; a <&$x-; a 3>&4-; }", "f () \n{ \n    a 1>&$x-;\n    a 0<&$x-;\n    a 3>&4-\n}"),
        ("f() { a <<< \"here $x\" <<<word; }", "f () \n{ \n    a <<< \"here $x\" <<< word\n}"),
        ("f() { while read l; do :; done < file; }", "f () \n{ \n    while read l; do\n        :;\n    done < file\n}"),
        ("f() { { a; } > o 2> e; ( b ) < i; if a; then b; fi > o; }", "f () \n{ \n    { \n        a\n    } > o 2> e;\n    ( b ) < i;\n    if a; then\n        b;\n    fi > o\n}"),
        ("f() { exec 3>&1 4>&2; exec {fd}<file; exec 3>&-; }", "f () \n{ \n    exec 3>&1 4>&2;\n    exec {fd}< file;\n    exec 3>&-\n}"),
    ]);
}

#[test]
fn compound_commands() {
    check_all(&[
        ("f() { if a; then b; elif c; then d; elif e; then :; else f; fi; }", "f () \n{ \n    if a; then\n        b;\n    else\n        if c; then\n            d;\n        else\n            if e; then\n                :;\n            else\n                f;\n            fi;\n        fi;\n    fi\n}"),
        ("f() { if a; then b; else c; fi; }", "f () \n{ \n    if a; then\n        b;\n    else\n        c;\n    fi\n}"),
        ("f() { if a; b; then c; d; fi; }", "f () \n{ \n    if a;\n    b; then\n        c;\n        d;\n    fi\n}"),
        ("f() { if ! a && b; then c; fi; }", "f () \n{ \n    if ! a && b; then\n        c;\n    fi\n}"),
        ("f() { for x; do :; done; for x in; do :; done; }", "f () \n{ \n    for x in \"$@\";\n    do\n        :;\n    done;\n    for x in ;\n    do\n        :;\n    done\n}"),
        ("f() { for ((i=0;i<3;i++)); do echo; done; for ((;;)); do break; done; }", "f () \n{ \n    for ((i=0; i<3; i++))\n    do\n        echo;\n    done;\n    for ((1; 1; 1))\n    do\n        break;\n    done\n}"),
        ("f() { for (( i = 0 ; i < 3 ; i++ )) ; do :; done; for ((i=0;;i++)); do :; done; for (( ; i<3 ; )); do :; done; }", "f () \n{ \n    for ((i = 0 ; i < 3 ; i++ ))\n    do\n        :;\n    done;\n    for ((i=0; 1; i++))\n    do\n        :;\n    done;\n    for ((1; i<3 ; 1))\n    do\n        :;\n    done\n}"),
        ("f() { for ((i=0; i<3; i++)) { :; }; for i in a b; { :; }; }", "f () \n{ \n    for ((i=0; i<3; i++))\n    do\n        :;\n    done;\n    for i in a b;\n    do\n        :;\n    done\n}"),
        ("f() { select s in a b; do break; done; select s; do :; done; }", "f () \n{ \n    select s in a b;\n    do\n        break;\n    done;\n    select s in \"$@\";\n    do\n        :;\n    done\n}"),
        ("f() { case $x in (a) echo;; b) ;; c|d) echo c ;& e) echo e;;& *) esac; }", "f () \n{ \n    case $x in \n        a)\n            echo\n        ;;\n        b)\n\n        ;;\n        c | d)\n            echo c\n        ;&\n        e)\n            echo e\n        ;;&\n        *)\n\n        ;;\n    esac\n}"),
        ("f() { case x in esac; }", "f () \n{ \n    case x in \n    esac\n}"),
        ("f() { case x in (esac) echo;; esac; }", "f () \n{ \n    case x in \n        esac)\n            echo\n        ;;\n    esac\n}"),
        ("f() { case \"$1\" in\n  -h|--help) usage; exit 0 ;;\n  -v) verbose=1\n      shift\n      ;;\n  *) break ;;\nesac; }", "f () \n{ \n    case \"$1\" in \n        -h | --help)\n            usage;\n            exit 0\n        ;;\n        -v)\n            verbose=1;\n            shift\n        ;;\n        *)\n            break\n        ;;\n    esac\n}"),
        ("f() { until false; do :; done; while true; do a; b; done; }", "f () \n{ \n    until false; do\n        :;\n    done;\n    while true; do\n        a;\n        b;\n    done\n}"),
        ("f() { while read -r l; do echo \"$l\"; done < <(ls); }", "f () \n{ \n    while read -r l; do\n        echo \"$l\";\n    done < <(ls)\n}"),
        ("f() { (( x = 1 + 2 )); ((x++)); (( )); }", "f () \n{ \n    (( x = 1 + 2 ));\n    ((x++));\n    (( ))\n}"),
        ("f() { [[ ! -f x ]]; [[ a < b ]]; [[ a > b ]]; [[ $x =~ ^(a|b)[0-9]+$ ]]; [[ -v a[1] ]]; [[ a -nt b ]]; [[ x ]]; }", "f () \n{ \n    [[ ! -f x ]];\n    [[ a < b ]];\n    [[ a > b ]];\n    [[ $x =~ ^(a|b)[0-9]+$ ]];\n    [[ -v a[1] ]];\n    [[ a -nt b ]];\n    [[ -n x ]]\n}"),
        ("f() { [[ -n $x && $y == z* ]]; [[ a || b && c ]]; [[ a && b || c ]]; }", "f () \n{ \n    [[ -n $x && $y == z* ]];\n    [[ -n a || -n b && -n c ]];\n    [[ -n a && -n b || -n c ]]\n}"),
        ("f() { [[ (a || b) && c ]]; [[ ! (a && b) ]]; [[ ! ! a ]]; [[ a == \"b c\" ]]; [[ $a != b ]]; }", "f () \n{ \n    [[ ( -n a || -n b ) && -n c ]];\n    [[ ! ( -n a && -n b ) ]];\n    [[ -n a ]];\n    [[ a == \"b c\" ]];\n    [[ $a != b ]]\n}"),
        ("f() { [[ -z \"$x\" ]] && return; [[ $x -eq 1 || $y -lt 2 ]]; }", "f () \n{ \n    [[ -z \"$x\" ]] && return;\n    [[ $x -eq 1 || $y -lt 2 ]]\n}"),
        ("f() { [[ $x =~ a\\ b ]]; [[ $x =~ \"a b\" ]]; [[ $x = @(a|b) ]]; }", "f () \n{ \n    [[ $x =~ a\\ b ]];\n    [[ $x =~ \"a b\" ]];\n    [[ $x = @(a|b) ]]\n}"),
        ("f() { while :; do if a; then break; fi; done; }", "f () \n{ \n    while :; do\n        if a; then\n            break;\n        fi;\n    done\n}"),
        ("f() { for i in 1 2; do for j in 3 4; do echo $i$j; done; done; }", "f () \n{ \n    for i in 1 2;\n    do\n        for j in 3 4;\n        do\n            echo $i$j;\n        done;\n    done\n}"),
        ("f() { case $x in a) case $y in b) echo;; esac;; esac; }", "f () \n{ \n    case $x in \n        a)\n            case $y in \n                b)\n                    echo\n                ;;\n            esac\n        ;;\n    esac\n}"),
        ("f() { if a; then if b; then c; fi; fi; }", "f () \n{ \n    if a; then\n        if b; then\n            c;\n        fi;\n    fi\n}"),
        ("f() { { a; b; } && { c; } || ( d ); }", "f () \n{ \n    { \n        a;\n        b\n    } && { \n        c\n    } || ( d )\n}"),
        ("f() { a || { echo fail; return 1; }; }", "f () \n{ \n    a || { \n        echo fail;\n        return 1\n    }\n}"),
        ("f() { x=$(if a; then b; fi); }", "f () \n{ \n    x=$(if a; then\n    b;\nfi)\n}"),
    ]);
}

#[test]
fn heredocs() {
    check_all(&[
        ("f() { cat <<EOF\nhi $x\nEOF\n}", "f () \n{ \n    cat <<EOF\nhi $x\nEOF\n\n}"),
        ("f() { cat <<'EOF' | wc\na $b\nEOF\n}", "f () \n{ \n    cat <<'EOF' |\na $b\nEOF\n  wc\n}"),
        ("f() { cat <<\"EOF\" 2>&1; echo after\nx\nEOF\n}", "f () \n{ \n    cat <<'EOF' 2>&1\nx\nEOF\n\n    echo after\n}"),
        ("f() { cat <<\\EOF\nr\nEOF\n}", "f () \n{ \n    cat <<'EOF'\nr\nEOF\n\n}"),
        ("f() { a && cat <<EOF || b\nq\nEOF\nc; cat <<EOF && d; e\nr\nEOF\n}", "f () \n{ \n    a && cat <<EOF\nq\nEOF\n || b\n    c;\n    cat <<EOF && \nr\nEOF\n d\n    e\n}"),
        ("f() { { cat <<EOF; }; ( cat <<EOF ); if cat <<EOF; then :; fi; while cat <<EOF; do :; done; echo; }\nx\nEOF\ny\nEOF\nz\nEOF\nw\nEOF", "f () \n{ \n    { \n        cat <<EOF\nx\nEOF\n\n    }\n    ( cat <<EOF\ny\nEOF\n )\n    if cat <<EOF; then\n        :\nz\nEOF\n\n    fi\n    while cat <<EOF\nw\nEOF\n do\n        :;\n    done\n    echo\n}"),
        ("f() { cat <<EOF; }\nq\nEOF", "f () \n{ \n    cat <<EOF\nq\nEOF\n\n}"),
        ("f() { x=$(cat <<EOF\nin\nEOF\n); echo; }", "f () \n{ \n    x=$(cat <<EOF\nin\nEOF\n);\n    echo\n}"),
        ("f() { cat <<EOF\na \"quoted\" 'single' \\\"esc\\\"\nEOF\n}", "f () \n{ \n    cat <<EOF\na \"quoted\" 'single' \\\"esc\\\"\nEOF\n\n}"),
        ("f() { cat 3<<EOF\nx\nEOF\n}", "f () \n{ \n    cat 3<<EOF\nx\nEOF\n\n}"),
        ("f() { case x in a) cat <<EOF\nbody\nEOF\n;; esac; }", "f () \n{ \n    case x in \n        a)\n            cat <<EOF\nbody\nEOF\n\n        ;;\n    esac\n}"),
        ("f() { for i in 1; do cat <<EOF; done\nbody\nEOF\n}", "f () \n{ \n    for i in 1;\n    do\n        cat <<EOF\nbody\nEOF\n\n    done\n}"),
        ("f() { cat <<EOF &\nbody\nEOF\n}", "f () \n{ \n    cat <<EOF &\nbody\nEOF\n \n}"),
    ]);
}

#[test]
fn command_substitutions() {
    check_all(&[
        ("f() { x=$(\n  cmd1 arg   # comment\n  cmd2\n\n  cmd3 &\n  cmd4\n); }", "f () \n{ \n    x=$(cmd1 arg\ncmd2\ncmd3 & cmd4)\n}"),
        ("f() { y=$(a && \nb | \nc); z=$(a; ); w=$(a &); }", "f () \n{ \n    y=$(a && b | c);\n    z=$(a);\n    w=$(a &)\n}"),
        ("f() { v=$(while read l; do echo; done < f); u=$( [[ $x == y ]] ); t=$(( (1+2) )); s=$( (a) | b ); }", "f () \n{ \n    v=$(while read l; do\n    echo;\ndone < f);\n    u=$([[ $x == y ]]);\n    t=$(( (1+2) ));\n    s=$( ( a ) | b)\n}"),
        ("f() { q=$(echo \"$(echo  in)\"); p=\"${x:-$(echo   d)}\" o=$(f() { :; }); n=$(! a; time b); }", "f () \n{ \n    q=$(echo \"$(echo in)\");\n    p=\"${x:-$(echo d)}\" o=$(function f () \n{ \n    :\n});\n    n=$(! a; time b)\n}"),
        ("f() { x=$(cat <<EOF\nbody\nEOF\necho after\n); y=$(cat <<EOF; echo after\nbody\nEOF\n); }", "f () \n{ \n    x=$(cat <<EOF\nbody\nEOF\n\necho after);\n    y=$(cat <<EOF\nbody\nEOF\n echo after)\n}"),
        ("f() { z=$(echo a\necho b); w=$(if a\nthen b\nfi\nc); }", "f () \n{ \n    z=$(echo a\necho b);\n    w=$(if a; then\n    b;\nfi\nc)\n}"),
        ("f() { v=$( cat <<EOF | wc\nq\nEOF\n); u=$(a && cat <<EOF\nq\nEOF\n); }", "f () \n{ \n    v=$(cat <<EOF |\nq\nEOF\n  wc);\n    u=$(a && cat <<EOF\nq\nEOF\n)\n}"),
        ("f() { x=$(case $y in a) echo a;; *) echo b;; esac); }", "f () \n{ \n    x=$(case $y in \n    a)\n        echo a\n    ;;\n    *)\n        echo b\n    ;;\nesac)\n}"),
        ("f() { x=$({ a; b; }); y=$(for i in 1 2; do echo $i; done); }", "f () \n{ \n    x=$({ a; b; });\n    y=$(for i in 1 2;\ndo\n    echo $i;\ndone)\n}"),
        ("f() { x=$(a | b > c 2>&1); }", "f () \n{ \n    x=$(a | b > c 2>&1)\n}"),
        ("f() { echo \"$(\n  echo hi\n)\"; }", "f () \n{ \n    echo \"$(echo hi)\"\n}"),
    ]);
}

#[test]
fn realistic_functions() {
    check_all(&[
        ("f() {\n    local cur prev words cword\n    _init_completion || return\n    case $prev in\n        -o|--output)\n            _filedir\n            return\n            ;;\n        --level)\n            COMPREPLY=( $(compgen -W '1 2 3' -- \"$cur\") )\n            return ;;\n    esac\n    if [[ $cur == -* ]]; then\n        COMPREPLY=($(compgen -W '$(_parse_help \"$1\")' -- \"$cur\"))\n        [[ $COMPREPLY == *= ]] && compopt -o nospace\n    else\n        _filedir\n    fi\n} && complete -F f foo", "f () \n{ \n    local cur prev words cword;\n    _init_completion || return;\n    case $prev in \n        -o | --output)\n            _filedir;\n            return\n        ;;\n        --level)\n            COMPREPLY=($(compgen -W '1 2 3' -- \"$cur\"));\n            return\n        ;;\n    esac;\n    if [[ $cur == -* ]]; then\n        COMPREPLY=($(compgen -W '$(_parse_help \"$1\")' -- \"$cur\"));\n        [[ $COMPREPLY == *= ]] && compopt -o nospace;\n    else\n        _filedir;\n    fi\n}"),
        ("f() {\n  local i=0 n=${#arr[@]}\n  while (( i < n )); do\n    printf -v line '%s=%q' \"${keys[i]}\" \"${arr[i]}\"\n    echo \"$line\" >&2\n    ((i++))\n  done\n  return $?\n}", "f () \n{ \n    local i=0 n=${#arr[@]};\n    while (( i < n )); do\n        printf -v line '%s=%q' \"${keys[i]}\" \"${arr[i]}\";\n        echo \"$line\" 1>&2;\n        ((i++));\n    done;\n    return $?\n}"),
        ("f() {\n  trap 'rm -f \"$tmp\"' EXIT\n  tmp=$(mktemp) || exit 1\n  { echo a; echo b; } > \"$tmp\"\n  sort -u \"$tmp\" | while IFS= read -r line; do\n    [ -n \"$line\" ] || continue\n    echo \"got: $line\"\n  done\n}", "f () \n{ \n    trap 'rm -f \"$tmp\"' EXIT;\n    tmp=$(mktemp) || exit 1;\n    { \n        echo a;\n        echo b\n    } > \"$tmp\";\n    sort -u \"$tmp\" | while IFS= read -r line; do\n        [ -n \"$line\" ] || continue;\n        echo \"got: $line\";\n    done\n}"),
        ("f() {\n  for f in *.txt; do\n    [[ -e $f ]] || break\n    mv -- \"$f\" \"${f%.txt}.bak\" && echo \"moved $f\" || echo \"failed $f\" >&2\n  done\n}", "f () \n{ \n    for f in *.txt;\n    do\n        [[ -e $f ]] || break;\n        mv -- \"$f\" \"${f%.txt}.bak\" && echo \"moved $f\" || echo \"failed $f\" 1>&2;\n    done\n}"),
        ("f() { echo \"${x:-$'a'}\" ${x:-$'b'} \"$'c'\" ${x:-$\"d\"}; }", "f () \n{ \n    echo \"${x:-a}\" ${x:-'b'} \"$'c'\" ${x:-\"d\"}\n}"),
        ("f() { a & wait; { a & }; if a; then b & fi; }", "f () \n{ \n    a & wait;\n    { \n        a &\n    };\n    if a; then\n        b &\n    fi\n}"),
        ("f() { while a; b; do c; done; if a; b; then c; fi; }", "f () \n{ \n    while a;\n    b; do\n        c;\n    done;\n    if a;\n    b; then\n        c;\n    fi\n}"),
        ("f() { if a; then :; fi | cat; for i in 1; do :; done > o; }", "f () \n{ \n    if a; then\n        :;\n    fi | cat;\n    for i in 1;\n    do\n        :;\n    done > o\n}"),
        ("f() { (( $((1+2)) > 2 )); let x=1+2 'y = 3'; }", "f () \n{ \n    (( $((1+2)) > 2 ));\n    let x=1+2 'y = 3'\n}"),
        ("f() { eval \"echo \\$$x\"; exec >&2; exec 2>/dev/null; }", "f () \n{ \n    eval \"echo \\$$x\";\n    exec 1>&2;\n    exec 2> /dev/null\n}"),
        ("f() {\n  case $1 in\n    *.tar.gz|*.tgz) tar xzf \"$1\" ;;\n    \"a b\") echo quoted ;;\n    [0-9]*) echo num ;;\n    \\*) echo star ;;\n    '') echo empty ;;\n  esac\n}", "f () \n{ \n    case $1 in \n        *.tar.gz | *.tgz)\n            tar xzf \"$1\"\n        ;;\n        \"a b\")\n            echo quoted\n        ;;\n        [0-9]*)\n            echo num\n        ;;\n        \\*)\n            echo star\n        ;;\n        '')\n            echo empty\n        ;;\n    esac\n}"),
        ("f() { echo \"$(echo \"a b\")\" \"$(echo 'c d')\" \"$(echo \"$(echo e)\")\"; }", "f () \n{ \n    echo \"$(echo \"a b\")\" \"$(echo 'c d')\" \"$(echo \"$(echo e)\")\"\n}"),
        ("f() { local -r x=1; declare -g y; typeset -i z=3; local a=(1 2) b; }", "f () \n{ \n    local -r x=1;\n    declare -g y;\n    typeset -i z=3;\n    local a=(1 2) b\n}"),
        ("f() { echo a; } # trailing comment", "f () \n{ \n    echo a\n}"),
        ("f()\n{\n    echo a\n}", "f () \n{ \n    echo a\n}"),
        ("function f\n{\n  echo b\n}", "f () \n{ \n    echo b\n}"),
        ("f() { [ -f x ] && [ \"$a\" = \"b\" ] || test -d y; }", "f () \n{ \n    [ -f x ] && [ \"$a\" = \"b\" ] || test -d y\n}"),
        ("f() { echo $(( 2 ** 10 )) $(( x << 2 )) $(( x > 1 ? 1 : 0 )); }", "f () \n{ \n    echo $(( 2 ** 10 )) $(( x << 2 )) $(( x > 1 ? 1 : 0 ))\n}"),
        ("f() { cat < <(echo a) > >(cat); diff <(ls a) <(ls b); }", "f () \n{ \n    cat < <(echo a) > >(cat);\n    diff <(ls a) <(ls b)\n}"),
        ("f() { IFS=: read -ra parts <<< \"$PATH\"; echo \"${parts[@]}\"; }", "f () \n{ \n    IFS=: read -ra parts <<< \"$PATH\";\n    echo \"${parts[@]}\"\n}"),
        ("f() { mapfile -t lines < file; echo \"${#lines[@]}\"; }", "f () \n{ \n    mapfile -t lines < file;\n    echo \"${#lines[@]}\"\n}"),
        ("f() { set -- a b c; shift 2; echo \"$1\"; }", "f () \n{ \n    set -- a b c;\n    shift 2;\n    echo \"$1\"\n}"),
        ("f() { x=${x//\\\"/\\\\\\\"}; y=${y//\\'/}; }", "f () \n{ \n    x=${x//\\\"/\\\\\\\"};\n    y=${y//\\'/}\n}"),
        ("f() { echo ${x:0:1} ${x:(-1)} ${x: -2:1} ${a[@]:1:2}; }", "f () \n{ \n    echo ${x:0:1} ${x:(-1)} ${x: -2:1} ${a[@]:1:2}\n}"),
        ("f() { echo \"${!name}\" \"${!arr[@]}\" \"${#arr[@]}\" \"${arr[-1]}\"; }", "f () \n{ \n    echo \"${!name}\" \"${!arr[@]}\" \"${#arr[@]}\" \"${arr[-1]}\"\n}"),
        ("f() { [[ $x == +([0-9]) ]] && echo num; [[ $x != *\"foo\"* ]]; }", "f () \n{ \n    [[ $x == +([0-9]) ]] && echo num;\n    [[ $x != *\"foo\"* ]]\n}"),
        ("f() { a=$(( ${#x} + 1 )); b=$(( ${x:-0} * 2 )); }", "f () \n{ \n    a=$(( ${#x} + 1 ));\n    b=$(( ${x:-0} * 2 ))\n}"),
        ("f() { return; exit 1; break 2; continue; }", "f () \n{ \n    return;\n    exit 1;\n    break 2;\n    continue\n}"),
    ]);
}

#[test]
fn edge_cases() {
    check_all(&[
        ("f() { cat <<EOF | grep a | wc -l\na\nEOF\n}", "f () \n{ \n    cat <<EOF |\na\nEOF\n  grep a | wc -l\n}"),
        ("f() { a | cat <<EOF | wc\nx\nEOF\n}", "f () \n{ \n    a | cat <<EOF |\nx\nEOF\n  wc\n}"),
        ("f() { cat <<EOF; cat <<EOF\n1\nEOF\n2\nEOF\n}", "f () \n{ \n    cat <<EOF\n1\nEOF\n\n    cat <<EOF\n2\nEOF\n\n}"),
        ("f() { if true; then cat <<EOF\nin if\nEOF\nfi; }", "f () \n{ \n    if true; then\n        cat <<EOF\nin if\nEOF\n\n    fi\n}"),
        ("f() { g() { cat <<EOF\nnested\nEOF\n}; }", "f () \n{ \n    function g () \n    { \n        cat <<EOF\nnested\nEOF\n\n    }\n}"),
        ("f() { cat <<EOF && echo ok\nx\nEOF\n}", "f () \n{ \n    cat <<EOF && \nx\nEOF\n echo ok\n}"),
        ("f() { cat <<EOF\nEOF\n}", "f () \n{ \n    cat <<EOF\nEOF\n\n}"),
        ("f() { ! { a; }; time { b; }; ! ( c ); }", "f () \n{ \n    ! { \n        a\n    };\n    time { \n        b\n    };\n    ! ( c )\n}"),
        ("f() { if a; then g() { :; }; fi; }", "f () \n{ \n    if a; then\n        function g () \n        { \n            :\n        };\n    fi\n}"),
        ("f() { a | { b; c; } | d; }", "f () \n{ \n    a | { \n        b;\n        c\n    } | d\n}"),
        ("f() { x=1 y=2; z=3 >o; >o; }", "f () \n{ \n    x=1 y=2;\n    z=3 > o;\n    > o\n}"),
        ("f() { a; b; } >o 2>&1 <i", "f () \n{ \n    a;\n    b\n} > o 2>&1 < i"),
        ("f() ( a; b & )", "f () \n{ \n    ( a;\n    b & )\n}"),
        ("f() { { a; } 2>/dev/null; }", "f () \n{ \n    { \n        a\n    } 2> /dev/null\n}"),
        ("f() { until [[ $i -gt 3 ]]; do ((i++)); done; }", "f () \n{ \n    until [[ $i -gt 3 ]]; do\n        ((i++));\n    done\n}"),
        ("f() { case $a in *) ;; esac; case $a in a) b ;;\nesac; }", "f () \n{ \n    case $a in \n        *)\n\n        ;;\n    esac;\n    case $a in \n        a)\n            b\n        ;;\n    esac\n}"),
        ("f() { case $a in a|b|c) x;; \"d\"|'e') y;; esac; }", "f () \n{ \n    case $a in \n        a | b | c)\n            x\n        ;;\n        \"d\" | 'e')\n            y\n        ;;\n    esac\n}"),
        ("f() { echo a\\\nb; echo 'a\\\nb' \"a\\\nb\"; }", "f () \n{ \n    echo ab;\n    echo 'a\\\nb' \"ab\"\n}"),
        ("f() { for w in \"$@\"; do echo \"$w\"; done; for w in $(ls); do :; done; }", "f () \n{ \n    for w in \"$@\";\n    do\n        echo \"$w\";\n    done;\n    for w in $(ls);\n    do\n        :;\n    done\n}"),
        ("f() { select x in a \"b c\" $d; do echo $x; break; done; }", "f () \n{ \n    select x in a \"b c\" $d;\n    do\n        echo $x;\n        break;\n    done\n}"),
        ("f() { (a && b) || (c; d); }", "f () \n{ \n    ( a && b ) || ( c;\n    d )\n}"),
        ("f() { coproc_x=1; time -p ( a ); }", "f () \n{ \n    coproc_x=1;\n    time -p ( a )\n}"),
        ("f() { x=$(a; b); y=$(a & b); z=$(a && b || c); }", "f () \n{ \n    x=$(a; b);\n    y=$(a & b);\n    z=$(a && b || c)\n}"),
        ("f() { x=$(\n  a\n  if b; then c; fi\n  d\n); }", "f () \n{ \n    x=$(a\nif b; then\n    c;\nfi\nd)\n}"),
        ("f() { x=$(for i in a b; do echo $i; done\necho end); }", "f () \n{ \n    x=$(for i in a b;\ndo\n    echo $i;\ndone\necho end)\n}"),
        ("f() { x=$(g() { echo; }\ng); }", "f () \n{ \n    x=$(function g () \n{ \n    echo\n}\ng)\n}"),
    ]);
}

/// Cases the AST cannot print exactly yet: the parser does not record `${x}` braces,
/// backquotes, `$[ ]`, `\\` and `\$` inside double quotes and here-documents, here-document
/// delimiters and `<<-`, `( )` inside `[[ ]]`, nor whether `;` or a newline separates commands
/// (which a command substitution keeps).
#[test]
#[ignore]
fn needs_source_details() {
    check_all(&[
        ("f() { echo $( echo \"$( echo in )\" ) \"`echo dq`\" <(a) >(b) $(< file); }", "f () \n{ \n    echo $(echo \"$(echo in)\") \"`echo dq`\" <(a) >(b) $(< file)\n}"),
        ("f() { echo $x$y ${x}y ${x}_ \"${x}y\" \"$x-y\" \"${x}\" \"$x\"; }", "f () \n{ \n    echo $x$y ${x}y ${x}_ \"${x}y\" \"$x-y\" \"${x}\" \"$x\"\n}"),
        ("f() { echo \"a\\\\b\" \"\\\\$x\" \"a\\$\" \"$\" \"a$ b\" \"\\${x}\"; }", "f () \n{ \n    echo \"a\\\\b\" \"\\\\$x\" \"a\\$\" \"$\" \"a$ b\" \"\\${x}\"\n}"),
        ("f() { printf '%s\\n' \"$@\"; printf \"%d\\\\n\" 1; }", "f () \n{ \n    printf '%s\\n' \"$@\";\n    printf \"%d\\\\n\" 1\n}"),
        ("f() { echo \\\\n \"\\\\n\" '\\n' \"\\n\"; }", "f () \n{ \n    echo \\\\n \"\\\\n\" '\\n' \"\\n\"\n}"),
        ("f() { echo \"$HOME/x\" \"${HOME}/x\" \"$HOME\"x; }", "f () \n{ \n    echo \"$HOME/x\" \"${HOME}/x\" \"$HOME\"x\n}"),
        ("f() { cat <<EOF > out\nhi $x ${y} \\$z `date` \\\\ \\a $\nEOF\n}", "f () \n{ \n    cat <<EOF > out\nhi $x ${y} \\$z `date` \\\\ \\a $\nEOF\n\n}"),
        ("f() { x=`echo hi`; y=\"`date +%s`\"; }", "f () \n{ \n    x=`echo hi`;\n    y=\"`date +%s`\"\n}"),
        ("f() { a=1; b=$a; c=\"$a $b\"; d='$a'; e=${a}; }", "f () \n{ \n    a=1;\n    b=$a;\n    c=\"$a $b\";\n    d='$a';\n    e=${a}\n}"),
        ("f() { cat <<EOF <<'EOF2'\na\nEOF\nb\nEOF2\n}", "f () \n{ \n    cat <<EOF <<'EOF2'\na\nEOF\nb\nEOF2\n\n}"),
        ("f() { echo $((x+1)) $[x+1]; }", "f () \n{ \n    echo $((x+1)) $[x+1]\n}"),
        ("f() { x=$(a;\nb); }", "f () \n{ \n    x=$(a; b)\n}"),
        ("f() { x=$(if a\nthen b\nfi; c); }", "f () \n{ \n    x=$(if a; then\n    b;\nfi; c)\n}"),
        ("f() { cat <<-EOF\n\ttabbed\n\tEOF\n}", "f () \n{ \n    cat <<-EOF\ntabbed\nEOF\n\n}"),
        ("f() { cat <<END\nx\nEND\n}", "f () \n{ \n    cat <<END\nx\nEND\n\n}"),
        ("f() { [[ ( -f x ) ]]; [[ a && ( b && c ) ]]; }", "f () \n{ \n    [[ ( -f x ) ]];\n    [[ -n a && ( -n b && -n c ) ]]\n}"),
        ("f() { echo \"${#}\" \"${1}\" \"${@}\"; }", "f () \n{ \n    echo \"${#}\" \"${1}\" \"${@}\"\n}"),
        ("f() { cat <<EOF\n$(echo   spaced) \\$HOME \"\\$x\"\nEOF\n}", "f () \n{ \n    cat <<EOF\n$(echo   spaced) \\$HOME \"\\$x\"\nEOF\n\n}"),
    ]);
}
