//! Printer tests: the expected texts are `declare -f f` output of GNU bash 5.2.15.

use super::*;
use crate::parser::{parse, ParseOptions};

/// Parse `src` (which defines a function named `f`) and print that function.
pub(super) fn decl(src: &str) -> String {
    let list = match parse(src, &ParseOptions::default()) {
        Ok(l) => l,
        Err(e) => return format!("PARSE ERROR {e:?}"),
    };
    for item in &list.items {
        if let Some(Command::FunctionDef(f)) = item.and_or.first.commands.first() {
            if f.name == "f" {
                return function_text(f);
            }
        }
    }
    "NO FUNCTION".into()
}

/// Check every `(source, expected)` pair, reporting all mismatches at once.
#[track_caller]
pub(super) fn check_all(cases: &[(&str, &str)]) {
    let mut bad = Vec::new();
    for (src, want) in cases {
        let got = decl(src);
        if got != *want {
            bad.push(format!("source: {src:?}\n  want: {want:?}\n   got: {got:?}"));
        }
    }
    assert!(bad.is_empty(), "{} of {} failed:\n{}", bad.len(), cases.len(), bad.join("\n"));
}

#[test]
fn lists_and_pipelines() {
    check_all(&[
        ("f() { echo hi; }", "f () \n{ \n    echo hi\n}"),
        ("f() { a; b; c; }", "f () \n{ \n    a;\n    b;\n    c\n}"),
        ("f() {\n  a\n  b\n}", "f () \n{ \n    a;\n    b\n}"),
        ("f() { a & b & c; }", "f () \n{ \n    a & b & c\n}"),
        ("f() { a; b & }", "f () \n{ \n    a;\n    b &\n}"),
        ("f() { a & }", "f () \n{ \n    a &\n}"),
        ("f() { a & b & }", "f () \n{ \n    a & b &\n}"),
        ("f() { a && b & }", "f () \n{ \n    a && b &\n}"),
        ("f() { a; b & c; d & }", "f () \n{ \n    a;\n    b & c;\n    d &\n}"),
        ("f() { a && b || c; }", "f () \n{ \n    a && b || c\n}"),
        ("f() { a | b | c; }", "f () \n{ \n    a | b | c\n}"),
        ("f() { ! a | b && ! c; }", "f () \n{ \n    ! a | b && ! c\n}"),
        ("f() { time a | b; time -p c; }", "f () \n{ \n    time a | b;\n    time -p c\n}"),
        ("f() { ! time a; }", "f () \n{ \n    time ! a\n}"),
        ("f() { a |& b; }", "f () \n{ \n    a 2>&1 | b\n}"),
        ("f() { { a; } |& b; }", "f () \n{ \n    { \n        a\n    } 2>&1 | b\n}"),
        ("f() { a 2>&1 |& b |& c; }", "f () \n{ \n    a 2>&1 2>&1 | b 2>&1 | c\n}"),
        ("function f { echo hi; }", "f () \n{ \n    echo hi\n}"),
        ("function f() { echo hi; }", "f () \n{ \n    echo hi\n}"),
        ("f() ( cd /; ls )", "f () \n{ \n    ( cd /;\n    ls )\n}"),
        ("f() ( ls ) > out", "f () \n{ \n    ( ls ) > out\n}"),
        ("f() { :; } > out 2>&1", "f () \n{ \n    :\n} > out 2>&1"),
        ("f() if true; then :; fi", "f () \n{ \n    if true; then\n        :;\n    fi\n}"),
        ("f() [[ -f x ]]", "f () \n{ \n    [[ -f x ]]\n}"),
        ("f() (( x++ ))", "f () \n{ \n    (( x++ ))\n}"),
        ("f() for i in 1 2; do echo $i; done", "f () \n{ \n    for i in 1 2;\n    do\n        echo $i;\n    done\n}"),
        ("f() while :; do :; done", "f () \n{ \n    while :; do\n        :;\n    done\n}"),
        ("f() case x in a) ;; esac", "f () \n{ \n    case x in \n        a)\n\n        ;;\n    esac\n}"),
        ("f() { g() { :; }; function h { echo; }; }", "f () \n{ \n    function g () \n    { \n        :\n    };\n    function h () \n    { \n        echo\n    }\n}"),
        ("f() { g() ( ls ) > o; }", "f () \n{ \n    function g () \n    { \n        ( ls ) > o\n    }\n}"),
        ("f() { (a; b) & (c) ; }", "f () \n{ \n    ( a;\n    b ) & ( c )\n}"),
        ("f() { ( a ) ; }", "f () \n{ \n    ( a )\n}"),
        ("f() { ( ( a ) ); }", "f () \n{ \n    ( ( a ) )\n}"),
        ("f() { { a; b; } > out; }", "f () \n{ \n    { \n        a;\n        b\n    } > out\n}"),
        ("f() { { { a; }; }; }", "f () \n{ \n    { \n        { \n            a\n        }\n    }\n}"),
        ("f() { { a; } & }", "f () \n{ \n    { \n        a\n    } &\n}"),
        ("f() { x=1; y=2 z=3 cmd arg; }", "f () \n{ \n    x=1;\n    y=2 z=3 cmd arg\n}"),
        ("f() { a=(1 2 [k]=v); b+=(x); c[1]=2; d[$i]+=3; e=(); }", "f () \n{ \n    a=(1 2 [k]=v);\n    b+=(x);\n    c[1]=2;\n    d[$i]+=3;\n    e=()\n}"),
        ("f() { local -a x=( a  b ) y=1; declare -A m=([a]=1 ); export v=1; readonly r; }", "f () \n{ \n    local -a x=(a b) y=1;\n    declare -A m=([a]=1);\n    export v=1;\n    readonly r\n}"),
        ("f() { time; }", "f () \n{ \n    time \n}"),
        ("f() { ! ; }", "f () \n{ \n    ! \n}"),
        ("f() { time -p; }", "f () \n{ \n    time -p \n}"),
        ("f() { ! ! a; }", "f () \n{ \n    a\n}"),
        ("f() { a &&\n  b ||\n  c; }", "f () \n{ \n    a && b || c\n}"),
        ("f() { a |\n  b; }", "f () \n{ \n    a | b\n}"),
        ("f() { # comment\n  a # trailing\n  # alone\n  b\n}", "f () \n{ \n    a;\n    b\n}"),
        ("f() { a; } ; f2() { b; }", "f () \n{ \n    a\n}"),
    ]);
}

#[test]
fn command_text_one_line() {
    let l = match parse("{ a; b; } > o", &ParseOptions::default()) {
        Ok(l) => l,
        Err(e) => panic!("{e:?}"),
    };
    let c = &l.items[0].and_or.first.commands[0];
    assert_eq!(command_text(c), "{ a; b; } > o");
    let l = match parse("if a; then b; fi", &ParseOptions::default()) {
        Ok(l) => l,
        Err(e) => panic!("{e:?}"),
    };
    assert_eq!(command_text(&l.items[0].and_or.first.commands[0]), "if a; then\n    b;\nfi");
}

#[test]
fn deep_and_long_inputs_do_not_overflow() {
    let n = 900;
    let src = format!("f() {{ {}:{} }}", "{ ".repeat(n), "; }".repeat(n));
    assert!(decl(&src).ends_with("}"));
    let src = format!("f() {{ echo {}x{}; }}", "$(echo ".repeat(n), ")".repeat(n));
    assert!(decl(&src).contains("$(echo $(echo x"));
    let src = format!("f() {{ echo \"{}x{}\"; }}", "${a:-".repeat(n), "}".repeat(n));
    assert!(decl(&src).contains("${a:-${a:-x"));
    let src = format!("f() {{ [[ {} a ]]; }}", "! ".repeat(n));
    assert!(decl(&src).contains("[[ -n a ]]"));
    let src = format!("f() {{ [[ a{} ]]; }}", " && b".repeat(900));
    assert!(decl(&src).contains("-n a && -n b && -n b"));
    let src = format!("f() {{ {} }}", "a | b && c; ".repeat(20_000));
    assert!(decl(&src).contains("    a | b && c;\n    a | b && c;\n"));
}
