//! Word-level parser tests: quoting, expansions, tildes, assignments.

use super::tests::{braced_var, esc, lit, p, perr, show, simple, sq, var, w, words};
use crate::parser::ast::*;

#[test]
fn plain_and_quoted_words() {
    assert_eq!(words("echo a b"), vec![w(vec![lit("echo")]), w(vec![lit("a")]), w(vec![lit("b")])]);
    assert_eq!(words("x 'a b'")[1], w(vec![sq("a b")]));
    assert_eq!(words("x a'b'c")[1], w(vec![lit("a"), sq("b"), lit("c")]));
    assert_eq!(words("x \"a $v\"")[1], w(vec![WordPart::DoubleQuoted(vec![lit("a "), var("v")])]));
    assert_eq!(words("x ''")[1], w(vec![sq("")]));
    assert_eq!(words("x \"\"")[1], w(vec![WordPart::DoubleQuoted(vec![])]));
}

#[test]
fn backslashes() {
    assert_eq!(words(r"x \*\?")[1], w(vec![esc("*?")]));
    assert_eq!(words(r"x a\ b")[1], w(vec![lit("a"), esc(" "), lit("b")]));
    assert_eq!(words("x a\\\nb")[1], w(vec![lit("ab")]));
    assert_eq!(words("x 'a\\\nb'")[1], w(vec![sq("a\\\nb")]));
    assert_eq!(words("x \"a\\\nb\"")[1], w(vec![WordPart::DoubleQuoted(vec![lit("ab")])]));
    assert_eq!(show(r#"x "\a\$\`\"\\""#), r#"x "\a$`"\""#);
    assert_eq!(words(r"x \\")[1], w(vec![esc("\\")]));
    assert_eq!(words("x \\")[1], w(vec![lit("\\")]));
    assert_eq!(show("ec\\\nho hi"), "echo hi");
}

#[test]
fn dollar_single_quotes() {
    assert_eq!(words(r"x $'a\tb'")[1], w(vec![sq("a\tb")]));
    assert_eq!(words(r"x $'it\'s'")[1], w(vec![sq("it's")]));
    assert_eq!(words(r"x $'\xc3\xa9'")[1], w(vec![sq("é")]));
    assert_eq!(show(r#"x "$'a'""#), r#"x "$'a'""#);
    assert_eq!(words(r#"x $"a $v""#)[1], w(vec![WordPart::DoubleQuoted(vec![lit("a "), var("v")])]));
}

#[test]
fn simple_params() {
    assert_eq!(show("x $1 $10 ${10} $@ $* $# $? $- $$ $! $0 $_a1"), "x ${1} ${1}0 ${10} ${@} ${*} ${#} ${?} ${-} ${$} ${!} ${0} ${_a1}");
    assert_eq!(show("x $ a$ $% \"$\" $/"), "x $ a$ $% \"$\" $/");
}

#[test]
fn brace_params() {
    let cases = [
        "${x:-w}", "${x-w}", "${x:=w}", "${x=w}", "${x:?w}", "${x?}", "${x:+w}", "${x+w}", "${#x}",
        "${#a[@]}", "${x#p}", "${x##p}", "${x%p}", "${x%%p}", "${x/p/r}", "${x//p/r}", "${x/#p/r}",
        "${x/%p/r}", "${x/p}", "${x:1:2}", "${x: -1}", "${x^}", "${x^^p}", "${x,}", "${x,,[ab]}",
        "${!x}", "${!pre*}", "${!pre@}", "${!a[@]}", "${!a[*]}", "${x@Q}", "${a[i]}", "${a[@]}",
        "${a[*]}", "${a[@]:1:2}", "${@:2}", "${!x:-d}", "${##}", "${#}", "${!}", "${#@}", "${x@a}",
    ];
    for c in cases {
        assert_eq!(show(&format!("echo {c}")), format!("echo {c}"), "{c}");
    }
    assert_eq!(show("echo ${#-x}"), "echo ${#-x}");
    assert_eq!(show("echo ${a[$i+1]} ${a[\"k\"]}"), "echo ${a[${i}+1]} ${a[\"k\"]}");
}

#[test]
fn brace_param_structure() {
    let pe = |src: &str| match &words(src)[1].parts[0] {
        WordPart::Param(p) => (**p).clone(),
        p => panic!("{p:?}"),
    };
    let e = pe("x ${#-}");
    assert_eq!((e.param, e.op), (Param::Special('-'), ParamOp::Length));
    let e = pe("x ${#-x}");
    assert_eq!(e.param, Param::Special('#'));
    assert_eq!(e.op, ParamOp::Default { colon: false, word: w(vec![lit("x")]) });
    let e = pe("x ${!a[@]}");
    assert_eq!((e.param, e.op), (Param::Indexed("a".into(), Index::At), ParamOp::Keys));
    let e = pe("x ${!pre*}");
    assert_eq!((e.param, e.op), (Param::Var("pre".into()), ParamOp::NamesWithPrefix(true)));
    let e = pe("x ${!x}");
    assert!(e.indirect);
    let e = pe("x ${x?}");
    assert_eq!(e.op, ParamOp::Error { colon: false, word: None });
    let e = pe("x ${10}");
    assert_eq!(e.param, Param::Positional(10));
    let e = pe("x ${0}");
    assert_eq!(e.param, Param::Special('0'));
}

#[test]
fn bad_substitutions_are_runtime_errors() {
    let pe = |src: &str| match &words(src)[1].parts[0] {
        WordPart::Param(p) => (**p).clone(),
        p => panic!("{p:?}"),
    };
    assert_eq!(pe("x ${%}").param, Param::Var("%".into()));
    assert_eq!(pe("x ${x!}").param, Param::Var("x!".into()));
    assert_eq!(pe("x ${x@Z}").param, Param::Var("x@Z".into()));
    assert_eq!(pe("x ${1x}").param, Param::Var("1x".into()));
    assert_eq!(pe("x ${x:}").param, Param::Var("x:".into()));
    assert_eq!(pe("x ${a b}").param, Param::Var("a b".into()));
    assert_eq!(pe("x ${x:-${y}z!}").op, ParamOp::Default { colon: true, word: w(vec![braced_var("y"), lit("z!")]) });
}

#[test]
fn param_words_quoting() {
    // Inside double quotes single quotes are literal in value words, quoting in patterns.
    assert_eq!(show(r#"x "${x:-'a'}" "${x#'a'}" ${x:-'a'} "${x/'b'/'c'}""#), r#"x "${x:-'a'}" "${x#'a'}" ${x:-'a'} "${x/'b'/'c'}""#);
    let dq = |src: &str| match &words(src)[1].parts[0] {
        WordPart::DoubleQuoted(ps) => ps.clone(),
        p => panic!("{p:?}"),
    };
    let op = |ps: Vec<WordPart>| match &ps[0] {
        WordPart::Param(p) => p.op.clone(),
        p => panic!("{p:?}"),
    };
    assert_eq!(op(dq(r#"x "${x:-'a'}""#)), ParamOp::Default { colon: true, word: w(vec![lit("'a'")]) });
    assert_eq!(op(dq(r#"x "${x#'a'}""#)), ParamOp::RemovePrefix { longest: false, pattern: w(vec![sq("a")]) });
    assert_eq!(op(dq(r#"x "${x#\*}""#)), ParamOp::RemovePrefix { longest: false, pattern: w(vec![esc("*")]) });
    assert_eq!(op(dq(r#"x "${y:-\a}""#)), ParamOp::Default { colon: true, word: w(vec![lit("\\a")]) });
    assert_eq!(op(dq(r#"x "${y:-\}}""#)), ParamOp::Default { colon: true, word: w(vec![esc("}")]) });
    assert_eq!(show("x ${x:-a b} ${x:-{a}b}"), "x ${x:-a b} ${x:-{a}b}");
    assert_eq!(show("x ${x:-\"a b\"}"), "x ${x:-\"a b\"}");
    assert_eq!(show("x ${x//\\//-}"), "x ${x//\\//-}");
    assert_eq!(show("x ${x:-$'\\t'}"), "x ${x:-'\t'}");
}

#[test]
fn command_substitutions() {
    assert_eq!(show("x $(ls -l) $( (echo) ) $(case a in a) echo;; esac)"), "x $(ls -l) $(( echo )) $(case a in a) echo;; esac)");
    assert_eq!(show("x `echo \\$y \\`a\\``"), "x $(echo ${y} $(a))");
    assert_eq!(show("x \"`echo \\\"q\\\"`\""), "x \"$(echo \"q\")\"");
    assert_eq!(show("x $(echo \"a b\")"), "x $(echo \"a b\")");
    assert_eq!(show("x $(\n  echo a\n  echo b\n)"), "x $(echo a; echo b)");
    assert_eq!(show("x $( # comment )\necho )"), "x $(echo)");
    assert_eq!(show("x $()"), "x $()");
    assert_eq!(show("x <(ls) >(cat) a<(b)"), "x <(ls) >(cat) a<(b)");
}

#[test]
fn arithmetic() {
    assert_eq!(show("x $((1+2)) $(( x[1] + $(echo 2) + ${y:-3} ))"), "x $((1+2)) $(( x[1] + $(echo 2) + ${y:-3} ))");
    assert_eq!(show("x $(( (1) + 2 ))"), "x $(( (1) + 2 ))");
    assert_eq!(show("x $(( (1) ) )"), "x $(( ( 1 ) ))");
    assert_eq!(show("x $((echo a) )"), "x $(( echo a ))");
    assert_eq!(show("x $[1 + 2] $[a[0]]"), "x $((1 + 2)) $((a[0]))");
    assert_eq!(show("(( x = 1 + 2 )); ((x++)); ((a[1]=2))"), "(( x = 1 + 2 )); ((x++)); ((a[1]=2))");
    assert_eq!(show("((echo a); echo b)"), "( ( echo a ); echo b )");
}

#[test]
fn tildes() {
    assert_eq!(show("x ~ ~/a ~root/b ~+ ~- a~ '~' \\~ ~\"/x\" ~$u"), "x <~> <~>/a <~root>/b <~+> <~-> a~ '~' \\~ ~\"/x\" ~${u}");
    assert_eq!(show("a=~/x:~/y:~u b=a:~"), "a=<~>/x:<~>/y:<~u> b=a:<~>");
    assert_eq!(show("x a=~/x:~/y --o=~"), "x a=<~>/x:<~>/y --o=~");
    assert_eq!(show("x ${y:-~/a} \"${y:-~}\""), "x ${y:-<~>/a} \"${y:-~}\"");
}

#[test]
fn extglob_and_braces() {
    assert_eq!(show("x @(a|b) !(x) +(a b) *(c) ?(d) x@(a|b)y"), "x @(a|b) !(x) +(a b) *(c) ?(d) x@(a|b)y");
    assert_eq!(show("x @(a|'b c'|$v)"), "x @(a|'b c'|${v})");
    assert_eq!(show("x {a,b} {1..3} x{y,z}"), "x {a,b} {1..3} x{y,z}");
    let e = perr("echo @(a");
    assert_eq!(e.message, "syntax error near unexpected token `('");
}

/// With `extglob` off, `@(` ends the word and `(` is an operator, as in bash; `[[ ]]` still
/// reads extended patterns.
#[test]
fn extglob_off_is_a_syntax_error_outside_cond() {
    let first = |src: &str| {
        let mut parser = crate::parser::Parser::new(src, crate::parser::ParseOptions::default());
        parser.set_extglob(false);
        parser.next_command(None).map(|r| r.map(|l| super::tests::show_list(&l)))
    };
    for src in ["echo @(a|b)", "echo !(x)", "echo x*(b)", "case a in +(a)) ;; esac", "x=?(a)"] {
        let e = first(src).and_then(Result::err).map(|e| e.message);
        assert_eq!(e.as_deref(), Some("syntax error near unexpected token `('"), "{src}");
    }
    assert_eq!(first("[[ ab == @(a|b)* ]]").and_then(Result::ok).as_deref(), Some("[[ ab == @(a|b)* ]]"));
}

#[test]
fn assignments() {
    let sc = simple("a=1 b+=2 c[1]=x d[i+1]+=y cmd arg");
    assert_eq!(sc.assigns.len(), 4);
    assert_eq!(sc.words.len(), 2);
    assert_eq!(sc.assigns[1].append, true);
    assert_eq!(sc.assigns[3].index, Some(w(vec![lit("i+1")])));
    assert_eq!(show("a=(1 2 [5]=x [k]+=z) b+=(3) c=()"), "a=(1 2 [5]=x [k]+=z) b+=(3) c=()");
    assert_eq!(show("a=(\n 1 # one\n 2\n)"), "a=(1 2)");
    assert_eq!(show("a[1 + 1]=x b[$(echo 1)]=y"), "a[1 + 1]=x b[$(echo 1)]=y");
    assert_eq!(show("x[1 2]"), "x[1 2]");
    assert_eq!(show("a= b"), "a= b");
    assert_eq!(show(">out a=1 cmd"), "a=1 cmd >out");
    assert_eq!(show("a=1 if"), "a=1 if");
    assert_eq!(show("A=(zzz @(fo*|bar).py)"), "A=(zzz @(fo*|bar).py)");
    let sc = simple("a=$'x' b=\"$c\"");
    assert_eq!(sc.assigns[0].value, AssignValue::Scalar(w(vec![sq("x")])));
}

#[test]
fn declaration_arguments() {
    let ws = words("declare -a x=(1 [2]=b) y=~/a z");
    assert_eq!(ws[2].parts[0], lit("x="));
    assert!(matches!(ws[2].parts[1], WordPart::ArrayLiteral(ref e) if e.len() == 2));
    assert_eq!(ws[3], w(vec![lit("y="), WordPart::Tilde(String::new()), lit("/a")]));
    assert_eq!(show("local a+=(x) b[1]=2; export e=(1); readonly r=(2); typeset t=(3)"), "local a+=(x) b[1]=2; export e=(1); readonly r=(2); typeset t=(3)");
    assert_eq!(perr("command declare a=(1)").message, "syntax error near unexpected token `('");
}

#[test]
fn comments() {
    assert_eq!(show("echo a#b #c"), "echo a#b");
    assert_eq!(show("echo a;#c\necho b"), "echo a; echo b");
    assert_eq!(show("# only\n\n  # two\n"), "");
    assert!(p("").items.is_empty());
}

#[test]
fn heredoc_bodies() {
    assert_eq!(show("cat <<EOF\nhello $x\nEOF"), "cat <<{'hello '${x}'\n'}");
    assert_eq!(show("cat <<'EOF'\n$x `y` \\\nEOF"), "cat <<'{'$x `y` \\\n'}");
    assert_eq!(show("cat <<E\\OF\n$x\nEOF"), "cat <<'{'$x\n'}");
    assert_eq!(show("cat <<\"EOF\"\n$x\nEOF"), "cat <<'{'$x\n'}");
    assert_eq!(show("cat <<EOF\n\\$a \\\\ \\z \\\" `echo hi` $(echo a) ${x:-\"q\"}\nEOF"), "cat <<{'$a \\ \\z \\\" '$(echo hi)' '$(echo a)' '${x:-\"q\"}'\n'}");
    assert_eq!(show("cat <<-X\n\t\ta\n\tX\necho after"), "cat <<{'a\n'}; echo after");
    assert_eq!(show("f <<A; g <<B\na\nA\nb\nB\necho c"), "f <<{'a\n'}; g <<{'b\n'}; echo c");
    assert_eq!(show("cat <<E; echo \"a\nb\"\nbody\nE"), "cat <<{'body\n'}; echo \"a\nb\"");
    assert_eq!(show("cat <<EOF\na\\\nEOF\nEOF"), "cat <<{'aEOF\n'}");
    assert_eq!(show("cat <<EOF\na\\\\\nEOF"), "cat <<{'a\\\n'}");
    assert_eq!(show("echo $(cat <<X\nin\nX\n)"), "echo $(cat <<{'in\n'})");
    assert_eq!(show("echo $(cat <<E)\nhello\nE\necho after"), "echo $(cat <<{'hello\n'}); echo after");
    assert_eq!(show("cat <<A; x=$(cat <<B\nb\nB\n)\na\nA"), "cat <<{'a\n'}; x=$(cat <<{'b\n'})");
    assert_eq!(show("f() {\n cat <<E\n in f\nE\n}"), "f() { cat <<{' in f\n'}; }");
    assert_eq!(show("cat <<EOF | wc\nx\nEOF"), "cat <<{'x\n'} | wc");
    assert_eq!(show("cat <<EOF\nEOF"), "cat <<{''}");
    assert_eq!(show("cat << EOF\n  EOF\nEOF"), "cat <<{'  EOF\n'}");
    assert_eq!(show("x=`cat <<'E'\n$a\nE\n`"), "x=$(cat <<'{'$a\n'})");
    assert_eq!(show("cat <<- EOF\n\tout\n\t$(cat <<- IN\n\t\tin\nIN\n)\nEOF"), "cat <<{'out\n'$(cat <<{'in\n'})'\n'}");
    assert_eq!(show("cat <<EOF \\\n; echo two\none\nEOF"), "cat <<{'one\n'}; echo two");
    assert_eq!(show("cat <<'EOF'\"2\"\none\nEOF2"), "cat <<'{'one\n'}");
    assert_eq!(show("fun() { cat; } <<EOF; echo b\n1\nEOF"), "fun() { cat; } <<{'1\n'}; echo b");
}

#[test]
fn heredoc_at_end_of_input_warns() {
    let mut parser = crate::parser::Parser::new("cat <<EOF\nno end", Default::default());
    let l = parser.next_command(None).and_then(Result::ok).map(|l| super::tests::show_list(&l));
    assert_eq!(l.as_deref(), Some("cat <<{'no end\n'}"));
    assert_eq!(
        parser.take_warnings(),
        vec![(2, "warning: here-document at line 1 delimited by end-of-file (wanted `EOF')".to_string())]
    );
    for (src, line) in [("cat <<EOF", 1), ("cat <<EOF\n", 1), ("cat <<EOF\nabc\n", 2), ("echo 1\ncat <<EOF\na\nb\n\n", 5)] {
        let mut parser = crate::parser::Parser::new(src, Default::default());
        while parser.next_command(None).is_some() {}
        let w = parser.take_warnings();
        assert_eq!(w.len(), 1, "{src:?}");
        assert_eq!(w[0].0, line, "{src:?}");
    }
}

#[test]
fn redirections() {
    assert_eq!(show("echo a 2>err >&2 {fd}>x 3<&- &>all &>>app <>rw >|clob <<<here 2>&1 10>x"), "echo a 2>err >&2 {fd}>x 3<&- &>all &>>app <>rw >|clob <<<here 2>&1 10>x");
    assert_eq!(show("echo 2 >x a2>y"), "echo 2 a2 >x >y");
    let sc = simple("exec {fd}<&0");
    assert_eq!(sc.redirects[0].fd, RedirFd::Var("fd".into()));
    assert_eq!(sc.redirects[0].op, RedirOp::DupIn);
    assert_eq!(show(">out"), ">out");
    assert_eq!(show("cat < <(ls)"), "cat <<(ls)");
}
