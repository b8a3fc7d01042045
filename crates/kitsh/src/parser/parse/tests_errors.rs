//! Syntax error messages, compared with the text /bin/bash 5.2 prints (`bash -n -c SRC`).

use super::tests::{p, perr};

/// Expect `src` to fail with bash's message at `line`, and bash's second line `src_line` ("" when none).
fn check(src: &str, line: u32, msg: &str, src_line: &str) {
    let e = perr(src);
    assert_eq!((e.line, e.message.as_str(), e.source_line.as_str()), (line, msg, src_line), "{src:?}");
}

#[test]
fn bash_messages() {
    check("fi", 1, "syntax error near unexpected token `fi'", "fi");
    check("echo a; if", 2, "syntax error: unexpected end of file", "");
    check("if true\nthen", 3, "syntax error: unexpected end of file", "");
    check("echo $(", 2, "unexpected EOF while looking for matching `)'", "");
    check("echo \"abc", 1, "unexpected EOF while looking for matching `\"'", "");
    check("echo 'abc", 1, "unexpected EOF while looking for matching `''", "");
    check("(echo", 2, "syntax error: unexpected end of file", "");
    check("{ echo; ", 2, "syntax error: unexpected end of file", "");
    check("echo )", 1, "syntax error near unexpected token `)'", "echo )");
    check("echo a;;", 1, "syntax error near unexpected token `;;'", "echo a;;");
    check("case x in", 2, "syntax error: unexpected end of file", "");
    check("echo ${", 1, "unexpected EOF while looking for matching `}'", "");
    check("echo ${x", 1, "unexpected EOF while looking for matching `}'", "");
    check("[[ a", 1, "unexpected token `newline', conditional binary operator expected", "");
    check("[[ a == ]]", 1, "unexpected argument `]]' to conditional binary operator", "");
    check("[[ -f ]]", 1, "unexpected argument `]]' to conditional unary operator", "");
    check("[[ ( a ]]", 1, "unexpected token `]]', expected `)'", "");
    check("a=(", 1, "unexpected EOF while looking for matching `)'", "");
    check("echo >", 1, "syntax error near unexpected token `newline'", "echo >");
    check("echo > ;", 1, "syntax error near unexpected token `;'", "echo > ;");
    check("echo $((1+", 1, "unexpected EOF while looking for matching `)'", "");
    check("for", 1, "syntax error near unexpected token `newline'", "for");
    check("for x in", 2, "syntax error: unexpected end of file", "");
    check("f() echo", 1, "syntax error near unexpected token `echo'", "f() echo");
    check("function", 1, "syntax error near unexpected token `newline'", "function");
    check("((1+2", 1, "unexpected EOF while looking for matching `)'", "");
    check("x\n\n y )", 3, "syntax error near unexpected token `)'", " y )");
    check("echo a &&", 2, "syntax error: unexpected end of file", "");
    check("echo |", 2, "syntax error: unexpected end of file", "");
    check("echo a; ; b", 1, "syntax error near unexpected token `;'", "echo a; ; b");
    check("&", 1, "syntax error near unexpected token `&'", "&");
    check("for ((i=0;i<3;i++)) echo", 1, "syntax error near unexpected token `echo'", "for ((i=0;i<3;i++)) echo");
    check("case x in a) esac; esac", 1, "syntax error near unexpected token `esac'", "case x in a) esac; esac");
    check("echo $(if true", 2, "unexpected EOF while looking for matching `)'", "");
    check("[[ a =='", 1, "unexpected EOF while looking for matching `''", "");
    check("[[ a &&", 2, "unexpected token `EOF' in conditional command", "");
    check("[[ a ; ]]", 1, "unexpected token `;', conditional binary operator expected", "");
    check("[[ a == b ; ]]", 1, "syntax error in conditional expression: unexpected token `;'", "");
    check("[[ a == b", 1, "unexpected EOF while looking for `]]'", "");
    check("[[ ( a ) b ]]", 1, "syntax error in conditional expression", "");
    check("[[ ( a b ) ]]", 1, "conditional binary operator expected", "");
    check("[[ & ]]", 1, "unexpected token `&' in conditional command", "");
    check("[[ a == b ]] x", 1, "syntax error near unexpected token `x'", "[[ a == b ]] x");
    check("true | ! false", 1, "syntax error near unexpected token `!'", "true | ! false");
    check("in", 1, "syntax error near unexpected token `in'", "in");
    check("for ((i=0;i<3)); do :; done", 1, "syntax error: arithmetic expression required", "");
    check("echo ${a[", 1, "unexpected EOF while looking for matching `}'", "");
    check("echo @(a", 1, "syntax error near unexpected token `('", "echo @(a");
    check("{ }", 1, "syntax error near unexpected token `}'", "{ }");
    check("( )", 1, "syntax error near unexpected token `)'", "( )");
    check("if then fi", 1, "syntax error near unexpected token `then'", "if then fi");
    check("while do done", 1, "syntax error near unexpected token `do'", "while do done");
    check("if true; then fi", 1, "syntax error near unexpected token `fi'", "if true; then fi");
    check("{ echo }", 2, "syntax error: unexpected end of file", "");
    check("echo a | | b", 1, "syntax error near unexpected token `|'", "echo a | | b");
    check("echo a && && b", 1, "syntax error near unexpected token `&&'", "echo a && && b");
    check("if true; then echo; else fi", 1, "syntax error near unexpected token `fi'", "if true; then echo; else fi");
    check("case x in a b) ;; esac", 1, "syntax error near unexpected token `b'", "case x in a b) ;; esac");
    check("case x in a) echo; b) esac", 1, "syntax error near unexpected token `)'", "case x in a) echo; b) esac");
    check("for x in a b do echo; done", 1, "syntax error near unexpected token `done'", "for x in a b do echo; done");
    check("{ echo; } \"a b\"", 1, "syntax error near unexpected token `\"a b\"'", "{ echo; } \"a b\"");
    check("echo <", 1, "syntax error near unexpected token `newline'", "echo <");
    check("echo <<", 1, "syntax error near unexpected token `newline'", "echo <<");
    check("cat <<EOF >", 1, "syntax error near unexpected token `newline'", "cat <<EOF >");
    check("then", 1, "syntax error near unexpected token `then'", "then");
    check("done", 1, "syntax error near unexpected token `done'", "done");
    check("esac", 1, "syntax error near unexpected token `esac'", "esac");
    check("}", 1, "syntax error near unexpected token `}'", "}");
    check(")", 1, "syntax error near unexpected token `)'", ")");
    check(";;", 1, "syntax error near unexpected token `;;'", ";;");
    check("echo (", 1, "syntax error near unexpected token `newline'", "echo (");
    check("echo a (", 1, "syntax error near unexpected token `('", "echo a (");
    check("a=1 (", 1, "syntax error near unexpected token `('", "a=1 (");
    check("function f echo", 1, "syntax error near unexpected token `echo'", "function f echo");
    check("select", 1, "syntax error near unexpected token `newline'", "select");
    check("echo $(( 1 + )", 1, "unexpected EOF while looking for matching `)'", "");
    check("echo $(echo; ; )", 1, "syntax error near unexpected token `;'", "echo $(echo; ; )");
    check("x=$(", 2, "unexpected EOF while looking for matching `)'", "");
    check("while true; do echo; done; done", 1, "syntax error near unexpected token `done'", "while true; do echo; done; done");
    check("echo ok\nfi", 2, "syntax error near unexpected token `fi'", "fi");
    check("if true; then\n  echo a\nelif\nfi", 4, "syntax error near unexpected token `fi'", "fi");
    check("echo a\necho b )\necho c", 2, "syntax error near unexpected token `)'", "echo b )");
    check("f() { echo; } }", 1, "syntax error near unexpected token `}'", "f() { echo; } }");
    check("[[ a b c ]]", 1, "conditional binary operator expected", "");
    check("[[ -z a b ]]", 1, "syntax error in conditional expression", "");
    check("[[ ]]", 1, "", "");
    check("[[ ! ]]", 1, "", "");
    check("[[ a && ]]", 1, "", "");
    check("[[ a || ]]", 1, "", "");
    check("[[ ( ]]", 1, "expected `)'", "");
    check("[[ a ) ]]", 1, "syntax error in conditional expression: unexpected token `)'", "");
    check("[[ a == b c ]]", 1, "syntax error in conditional expression", "");
    check("[[ a\n == b ]]", 1, "unexpected token `newline', conditional binary operator expected", "");
    check("time |", 1, "syntax error near unexpected token `|'", "time |");
    check("! |", 1, "syntax error near unexpected token `|'", "! |");
    check("echo &; x", 1, "syntax error near unexpected token `;'", "echo &; x");
    check("echo a |& |", 1, "syntax error near unexpected token `|'", "echo a |& |");
    check("a=(1;2)", 1, "syntax error near unexpected token `;'", "a=(1;2)");
    check("case x in (a|) ;; esac", 1, "syntax error near unexpected token `)'", "case x in (a|) ;; esac");
    check("case x in |a) ;; esac", 1, "syntax error near unexpected token `|'", "case x in |a) ;; esac");
}

#[test]
fn accepted_by_bash() {
    p("for x in a; { echo; }");
    p("for (( ; ; )) { echo; }\n");
}

/// Tricky snippets that `bash -n` accepts.
#[test]
fn tricky_snippets_accepted() {
    let snippets = [
        "echo ${x:-$(echo })}",
        "echo \"${x:-\"}\"}\"",
        "case x in (x) echo;; esac; case y in y|z) ;; esac",
        "x=$(case $y in a) echo a;; b) echo b;; esac)",
        "echo $(echo $(echo $(echo a)))",
        "echo \"$(echo \"$(echo \"a b\")\")\"",
        "echo `echo \\`echo a\\``",
        "a=(1 2 3) b=([x]=1 [y]=2) c+=(4)",
        "declare -A m=([k]=v [\"a b\"]=c)",
        "f() { local -a arr=(\"$@\"); echo \"${arr[@]}\"; }",
        "[[ $x =~ ^[a-z]+(\\.[a-z]+)*$ ]] && echo ok",
        "[[ -n $x && ( $y == a || $z != b ) ]]",
        "(( i = 0 )); (( i++ )); ((i<10)) && echo",
        "for ((i = 0, j = 10; i < j; i++, j--)); do :; done",
        "while IFS= read -r line; do echo \"$line\"; done < <(printf 'a\\nb\\n')",
        "exec 3>&1 4>&2 {fd}>/dev/null",
        "cat <<EOF | sed 's/a/b/' > out 2>&1\na\nEOF",
        "if [ -f x ]; then :; elif [ -d x ]; then :; else :; fi",
        "echo ${arr[@]:1:2} ${#arr[@]} ${!arr[@]} ${arr[-1]}",
        "echo ${var//\\//_} ${var/#prefix/} ${var/%suffix/}",
        "echo $'\\'' \"\\\"\" '\\'",
        "echo a\\ b\\\tc",
        "function foo-bar.baz { :; }",
        "time { sleep 0; }",
        "! { false; } && echo",
        "echo $((16#ff + 2#101 + 0x1f))",
        "a=$(( $(echo 1) + ${#x} ))",
        "echo {a,b}{c,d} {1..10..2} {a..z}",
        "trap 'echo $LINENO' ERR",
        "select x in a b c; do echo $x; break; done < /dev/null",
        "case $1 in\n  -h|--help) usage ;;\n  -v) verbose=1 ;&\n  -x) x=1 ;;&\n  *) : ;;\nesac",
        "{ echo a; } 2>/dev/null | { read x; }",
        "echo hi >&2; echo err 2>&1 >/dev/null",
        "f() ( echo sub )",
        "x=${y:=default} z=${w:+alt}",
        ": ${x?must be set}",
        "echo \"${x##*/}\" \"${x%.*}\" \"${x^^}\" \"${x,,}\"",
        "printf '%s\\n' \"${!prefix@}\"",
        "echo $[1 + 2]",
        "echo $\"hello\"",
        "[[ a < b && b > a ]]",
        "a[${i}]=x; a[i+1]+=y; a[\"$k\"]=z",
        "echo <(cat) >(cat) 2> >(cat >&2)",
        "cat <<-'EOF'\n\tliteral $x\n\tEOF",
        "if true; then :; fi >out",
        "for x in \"$@\"; do :; done",
        "for x; do :; done",
        "echo \\\n  a \\\n  b",
        "x='a'\"b\"$'c'$\"d\"",
        "echo ~/a ~user/b ~+ ~-",
        "echo foo # bar ; baz",
        "(( a[1] = 2 ))",
        "echo $(( a[1] + b[2] ))",
        "echo ${#}",
        "echo $#x $?y $$z",
        "read -r -d '' var <<'EOF' || true\ntext\nEOF",
        "shopt -s extglob; [[ x == +(a|x) ]]",
        "[[ ! -e x ]]",
        "export PATH=~/bin:$PATH",
        "a=1; { b=2; }; (c=3)",
        "echo a && { echo b; } || ( echo c )",
        "until [[ $i -ge 3 ]]; do ((i++)); done",
        "echo $((1 ? 2 : 3)) $(( (1+2) * 3 ))",
        "arr=(\n  one   # first\n  two\n)",
        "echo \"a\nb\"",
        "f()\n{\n  echo\n}",
        "function g()\n{\n  :\n}",
        "cat <<A <<B\na\nA\nb\nB",
        "echo ${x:-\"a b\"} ${x:+'c'} \"${x:-$y}\"",
        "[[ $a == $b ]]",
        "[ \"$a\" = \"$b\" ] && [ ! -z \"$c\" ]",
        "x+=1; y[0]+=2",
        "echo $'\\u263a' $'\\x41' $'\\101'",
        "echo ${x/[[:space:]]/_}",
        "echo \"${@:2:3}\" \"${*:1}\"",
        "coproc_not_reserved=1",
        "time -p echo",
        "echo ;",
        "echo a;\necho b;\n",
        "}}",
        "time -p",
        "cat <<EOF\n$(\nEOF",
    ];
    for s in snippets {
        p(s);
    }
}

#[test]
fn bash_messages_more() {
    check("a=1 { echo; }", 1, "syntax error near unexpected token `}'", "a=1 { echo; }");
    check("{ echo; } a=1", 1, "syntax error near unexpected token `a=1'", "{ echo; } a=1");
    check("if true; then echo; fi fi", 1, "syntax error near unexpected token `fi'", "if true; then echo; fi fi");
    check("echo `", 1, "unexpected EOF while looking for matching ``'", "");
    check("echo ${x:-$(}", 1, "syntax error near unexpected token `}'", "echo ${x:-$(}");
    check("f() { echo; } > ", 1, "syntax error near unexpected token `newline'", "f() { echo; } > ");
    check("case x in a) ;; *", 1, "syntax error near unexpected token `newline'", "case x in a) ;; *");
    check("case x in a) ;; b", 1, "syntax error near unexpected token `newline'", "case x in a) ;; b");
    check("case", 1, "syntax error near unexpected token `newline'", "case");
    check("case x", 2, "syntax error: unexpected end of file", "");
    check("case x in a", 1, "syntax error near unexpected token `newline'", "case x in a");
    check("select x in", 2, "syntax error: unexpected end of file", "");
    check("for x in a b; do", 2, "syntax error: unexpected end of file", "");
    check("while :; do :; done <", 1, "syntax error near unexpected token `newline'", "while :; do :; done <");
    check("echo a >& ", 1, "syntax error near unexpected token `newline'", "echo a >& ");
    check("[[ x =~", 1, "unexpected argument `newline' to conditional binary operator", "");
    check("(( 1 + 2 )) )", 1, "syntax error near unexpected token `)'", "(( 1 + 2 )) )");
    check("echo $(( 1 + 2 )", 1, "unexpected EOF while looking for matching `)'", "");
    check("echo $((", 1, "unexpected EOF while looking for matching `)'", "");
    check("a=(1 2", 1, "unexpected EOF while looking for matching `)'", "");
    check("declare a=(1", 1, "unexpected EOF while looking for matching `)'", "");
    check("echo hi |&", 2, "syntax error: unexpected end of file", "");
    check("f() { }", 1, "syntax error near unexpected token `}'", "f() { }");
    check("function f() ", 2, "syntax error: unexpected end of file", "");
    check("if true; fi", 1, "syntax error near unexpected token `fi'", "if true; fi");
    check("{", 2, "syntax error: unexpected end of file", "");
    check("echo \"$(echo \")\"", 2, "unexpected EOF while looking for matching `)'", "");
    check("echo $'abc", 1, "unexpected EOF while looking for matching `''", "");
    check("echo ${x:-\"abc}", 1, "unexpected EOF while looking for matching `\"'", "");
    check("x=`echo \"a", 1, "unexpected EOF while looking for matching ``'", "");
    check("echo a & & b", 1, "syntax error near unexpected token `&'", "echo a & & b");
    check("echo a ;; b", 1, "syntax error near unexpected token `;;'", "echo a ;; b");
    check("echo a && || b", 1, "syntax error near unexpected token `||'", "echo a && || b");
    check("echo <(", 2, "unexpected EOF while looking for matching `)'", "");
    check("if (( 1 )); then\n", 2, "syntax error: unexpected end of file", "");
}
