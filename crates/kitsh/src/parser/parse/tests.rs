//! Parser tests: AST structure of commands.

use crate::parser::ast::*;
use crate::parser::{parse, ParseError, ParseOptions, Parser};

pub(super) use super::tests_show::{lines_of, show, show_list};

/// Parse or panic.
pub(super) fn p(src: &str) -> List {
    match parse(src, &ParseOptions::default()) {
        Ok(l) => l,
        Err(e) => panic!("parse error for {src:?}: {e:?}"),
    }
}

/// Parse, expecting an error.
pub(super) fn perr(src: &str) -> ParseError {
    match parse(src, &ParseOptions::default()) {
        Ok(l) => panic!("expected error for {src:?}, got {l:?}"),
        Err(e) => e,
    }
}

/// The only command of a one-command script.
pub(super) fn cmd(src: &str) -> Command {
    let l = p(src);
    assert_eq!(l.items.len(), 1, "{src:?}");
    let a = &l.items[0].and_or;
    assert!(a.rest.is_empty());
    assert_eq!(a.first.commands.len(), 1);
    a.first.commands[0].clone()
}

/// The simple command of a one-command script.
pub(super) fn simple(src: &str) -> SimpleCommand {
    match cmd(src) {
        Command::Simple(s) => s,
        c => panic!("not simple: {c:?}"),
    }
}

/// The words of a simple command.
pub(super) fn words(src: &str) -> Vec<Word> {
    simple(src).words
}

pub(super) fn lit(s: &str) -> WordPart {
    WordPart::Literal(s.into())
}

pub(super) fn sq(s: &str) -> WordPart {
    WordPart::SingleQuoted(s.into())
}

pub(super) fn esc(s: &str) -> WordPart {
    WordPart::Escaped(s.into())
}

pub(super) fn w(parts: Vec<WordPart>) -> Word {
    Word { parts }
}

pub(super) fn var(name: &str) -> WordPart {
    WordPart::Param(Box::new(ParamExpr { param: Param::Var(name.into()), indirect: false, op: ParamOp::None, braced: false }))
}

/// `${name}`.
pub(super) fn braced_var(name: &str) -> WordPart {
    WordPart::Param(Box::new(ParamExpr { param: Param::Var(name.into()), indirect: false, op: ParamOp::None, braced: true }))
}

/// Deep nesting is an error, never a stack overflow.
#[test]
fn deep_nesting_is_an_error() {
    let n = 100_000;
    let cases = [
        "(".repeat(n),
        "$(".repeat(n),
        "echo ".to_string() + &"$(".repeat(n),
        "echo ".to_string() + &"${x:-".repeat(n),
        "echo ".to_string() + &"\"$(".repeat(n),
        "[[ ".to_string() + &"( ".repeat(n),
        "[[ ".to_string() + &"! ".repeat(n),
        "[[ ".to_string() + &"a && ".repeat(n) + "a ]]",
        "{ ".repeat(n),
        "if ".repeat(n),
        "echo ".to_string() + &"$((".repeat(n),
        "f() ".repeat(n),
        "echo ".to_string() + &"<(".repeat(n),
        "case x in x) ".repeat(n),
        "while ".repeat(n),
        "( ".repeat(n) + &")".repeat(n),
        "echo ".to_string() + &"$( ".repeat(n) + &")".repeat(n),
        "echo ".to_string() + &"${x:-".repeat(n) + &"}".repeat(n),
        "[[ ".to_string() + &"( ".repeat(n) + "a" + &" )".repeat(n) + " ]]",
    ];
    for src in cases {
        let r = parse(&src, &ParseOptions::default());
        assert!(r.is_err(), "{}", &src[..20]);
    }
}

#[test]
fn moderate_nesting_is_fine() {
    let n = 500;
    p(&("(".repeat(n) + "echo" + &")".repeat(n)));
    p(&("echo ".to_string() + &"$(echo ".repeat(n) + &")".repeat(n)));
    p(&("echo ".to_string() + &"${x:-".repeat(n) + &"}".repeat(n)));
    p(&("{ ".repeat(n) + "echo" + &"; }".repeat(n)));
}

#[test]
fn long_flat_input_is_fine() {
    let n = 100_000;
    p(&"echo a | ".repeat(n).trim_end_matches("| ").to_string());
    p(&"true && ".repeat(n).trim_end_matches("&& ").to_string());
    p(&"echo a; ".repeat(n));
    p(&"echo a\n".repeat(n));
    p(&format!("echo {}", "a".repeat(n)));
    p(&format!("echo '{}'", "a\n".repeat(n)));
    p(&format!("[[ {}a ]]", "a && b || ".repeat(400)));
    p(&format!("cat <<E\n{}E\n", "${x} $((1)) ${y:-z}\n".repeat(n / 10)));
    p(&format!("echo `{}`", "a=1 b ${c}; ".repeat(n / 10)));
}

#[test]
fn max_input_and_depth_options() {
    let opts = ParseOptions { max_input: 10, ..ParseOptions::default() };
    let e = parse("echo 12345678901", &opts).unwrap_err();
    assert_eq!(e.message, "maximum input size exceeded");
    let opts = ParseOptions { max_depth: 3, ..ParseOptions::default() };
    let e = parse("( ( ( (echo) ) ) )", &opts).unwrap_err();
    assert_eq!(e.message, "maximum nesting depth exceeded");
    assert!(parse("( (echo) )", &opts).is_ok());
}


// ----- commands ---------------------------------------------------------------------------------

#[test]
fn lists_and_pipelines() {
    assert_eq!(show("ls | wc -l |& cat && echo ok || echo no; sleep 1 & echo bg"), "ls | wc -l |& cat && echo ok || echo no; sleep 1 & echo bg");
    assert_eq!(show("a &&\n\n b ||\n c |\n d"), "a && b || c | d");
    assert_eq!(show("! true; time -p ls; time ! false; ! ! x"), "! true; time -p ls; time ! false; x");
    assert_eq!(show("time; !"), "time ; ! ");
    assert_eq!(show("a & b &"), "a & b &");
    let l = p("a & b");
    assert!(l.items[0].background && !l.items[1].background);
}

#[test]
fn compound_commands() {
    let same = [
        "{ echo a; echo b; } >out 2>&1",
        "( cd /; ls ) | cat",
        "if a; then b; elif c; then d; else e; fi",
        "while read x; do echo ${x}; done <file",
        "until false; do :; done",
        "for x in a b c; do echo ${x}; done",
        "for x; do :; done",
        "for ((i=0; i<3; i++)); do echo ${i}; done",
        "for ((;;)); do break; done",
        "select x in a b; do break; done",
        "case ${x} in a|b) echo ab;; c) ;& d) echo d;;& *) echo other;; esac",
        "[[ -n ${x} ]]",
        "[[ a < b ]]",
        "((x++)) >out",
    ];
    for s in same {
        assert_eq!(show(s), s);
    }
    assert_eq!(show("for x do :; done"), "for x; do :; done");
    assert_eq!(show("for x\nin a b\ndo\n echo\ndone"), "for x in a b; do echo; done");
    assert_eq!(show("for x in a; { echo; }"), "for x in a; do echo; done");
    assert_eq!(show("for ((;;)) { echo; }"), "for ((;;)); do echo; done");
    assert_eq!(show("for x in; do :; done"), "for x in; do :; done");
    assert_eq!(show("if a\nthen\n b\nfi"), "if a; then b; fi");
    assert_eq!(show("{ echo a & }"), "{ echo a &; }");
}

#[test]
fn case_forms() {
    assert_eq!(show("case x in\n  a) echo a\n     ;;\n  b)\nesac"), "case x in a) echo a;; b) ;; esac");
    assert_eq!(show("case x in (a) ;; (b|c) x;; esac"), "case x in a) ;; b|c) x;; esac");
    assert_eq!(show("case x in esac"), "case x in esac");
    assert_eq!(show("case x\nin\n*) echo\nesac"), "case x in *) echo;; esac");
    assert_eq!(show("case x in (esac) y;; esac"), "case x in esac) y;; esac");
    assert_eq!(show("case $x in --@(help|v)) a;; *\\(\\)) b;; a=b) c;; esac"), "case ${x} in --@(help|v)) a;; *\\(\\)) b;; a=b) c;; esac");
    assert_eq!(show("x=$(case a in a) echo;; esac)"), "x=$(case a in a) echo;; esac)");
}

#[test]
fn dbracket() {
    assert_eq!(show("[[ -f x && ! -d y || $a == b* ]]"), "[[ ((-f x && ! -d y) || ${a} == b*) ]]");
    assert_eq!(show("[[ $x =~ ^(a|b)c[0-9]+$ ]]"), "[[ ${x} =~ ^(a|b)c[0-9]+$ ]]");
    assert_eq!(show("[[ \"a b\" =~ (a b) ]]"), "[[ \"a b\" =~ (a b) ]]");
    assert_eq!(show("[[ x =~ a\\ b ]]"), "[[ x =~ a\\ b ]]");
    assert_eq!(show("[[ ( a ) ]]"), "[[ a ]]");
    assert_eq!(show("[[ a &&\n b ]]"), "[[ (a && b) ]]");
    assert_eq!(show("[[ a -eq 1 && b -nt c ]]"), "[[ (a -eq 1 && b -nt c) ]]");
    assert_eq!(show("[[ $x == @(a|b) ]]"), "[[ ${x} == @(a|b) ]]");
    assert_eq!(show("[[ a > b ]] >out"), "[[ a > b ]] >out");
    assert!(matches!(cmd("[[ -v x ]]"), Command::Compound(CompoundCommand::DBracket(CondExpr::Unary(ref o, _)), _) if o == "v"));
}

#[test]
fn functions() {
    assert_eq!(show("f() { echo; }; f () ( ls ); function g { :; }; function h() { :; } >out"), "f() { echo; }; f() ( ls ); g() { :; }; h() { :; } >out");
    assert_eq!(show("function f\n{\n :\n}"), "f() { :; }");
    assert_eq!(show("f()\n{ :; }"), "f() { :; }");
    assert_eq!(show("a-b.c:d() { :; }"), "a-b.c:d() { :; }");
    assert_eq!(show("f() if true; then :; fi"), "f() if true; then :; fi");
    assert_eq!(show("f() [[ x ]]"), "f() [[ x ]]");
    assert_eq!(show("f() ((x))"), "f() ((x))");
    let Command::FunctionDef(f) = cmd("  f () {\n  echo  hi\n} > out # c") else { panic!() };
    assert_eq!(f.source, "f () {\n  echo  hi\n} > out");
    let Command::FunctionDef(f) = cmd("function  g { :; }") else { panic!() };
    assert_eq!((f.name.as_str(), f.source.as_str()), ("g", "function  g { :; }"));
    let Command::FunctionDef(f) = cmd("\"f\"() { :; }") else { panic!() };
    assert_eq!(f.name, "\"f\"");
}

#[test]
fn line_numbers() {
    let src = "echo 1\n\necho 3; echo 3b\ncat <<E; echo 4\nbody\nE\necho 7 \\\n  more\necho 9\nif true\nthen\n  echo 12\nfi\nf() {\n  echo 15\n}\na=1 \\\nb=2\necho \"\n\n\" 20";
    let mut parser = Parser::new(src, ParseOptions::default());
    let mut got = Vec::new();
    while let Some(r) = parser.next_command(None) {
        got.push(lines_of(&r.unwrap_or_default()));
    }
    assert_eq!(
        got,
        [
            "p1 c1",
            "p3 c3 p3 c3",
            "p4 c4 p4 c4",
            "p7 c7",
            "p9 c9",
            "p10 [p10 c10 | p12 c12]",
            "p14 f14 [p15 c15]",
            "p17 c17 a17 a18",
            "p19 c19"
        ]
    );
    let opts = ParseOptions { start_line: 10, ..ParseOptions::default() };
    let l = parse("\n\necho", &opts).unwrap_or_default();
    assert_eq!(lines_of(&l), "p12 c12");
}

#[test]
fn line_by_line() {
    let mut parser = Parser::new("echo 1; echo 2\necho 3\nfi\necho 5", ParseOptions::default());
    assert_eq!(parser.next_command(None).map(|r| r.map(|l| l.items.len())), Some(Ok(2)));
    assert_eq!(parser.line(), 2);
    assert_eq!(parser.next_command(None).map(|r| r.map(|l| l.items.len())), Some(Ok(1)));
    let e = parser.next_command(None).and_then(Result::err);
    assert_eq!(e.map(|e| (e.line, e.source_line)), Some((3, "fi".to_string())));
    assert!(parser.next_command(None).is_some_and(|r| r.is_ok()));
    assert!(parser.next_command(None).is_none());
}

#[test]
fn aliases() {
    let alias = |s: &str| match s {
        "ll" => Some("ls -l".to_string()),
        "sp" => Some("echo ".to_string()),
        "loop1" => Some("loop2".to_string()),
        "loop2" => Some("loop1".to_string()),
        "self" => Some("self -x".to_string()),
        "myif" => Some("if true; then echo yes; fi".to_string()),
        "begin" => Some("{".to_string()),
        "empty" => Some(String::new()),
        "FOR1" => Some("for ".to_string()),
        "FOR2" => Some("FOR1 ".to_string()),
        "eye1" => Some("i ".to_string()),
        "eye2" => Some("eye1 ".to_string()),
        "IN" => Some("in ".to_string()),
        "onetwo" => Some("$one \"2\" ".to_string()),
        "LEFT" => Some("{".to_string()),
        "a" => Some(String::new()),
        "e_" => Some("for i in 1 2 3; do echo ".to_string()),
        _ => None,
    };
    let run = |src: &str| {
        let mut parser = Parser::new(src, ParseOptions::default());
        let mut out = Vec::new();
        while let Some(r) = parser.next_command(Some(&alias)) {
            out.push(r.map(|l| show_list(&l)).unwrap_or_else(|e| e.message));
        }
        out.join(" // ")
    };
    assert_eq!(run("ll /tmp"), "ls -l /tmp");
    assert_eq!(run("sp ll"), "echo ls -l");
    assert_eq!(run("ll; sp sp ll x"), "ls -l; echo echo ls -l x");
    assert_eq!(run("a=1 ll; echo ll; \"ll\" \\ll"), "a=1 ls -l; echo ll; \"ll\" \\ll");
    assert_eq!(run("if ll; then ll; fi; x=$(ll)"), "if ls -l; then ls -l; fi; x=$(ls -l)");
    assert_eq!(run("loop1; self; myif; begin echo; }"), "loop1; self -x; if true; then echo yes; fi; { echo; }");
    assert_eq!(run("empty echo hi\nll"), "echo hi // ls -l");
    assert_eq!(run("FOR2 eye2 IN onetwo 3; do echo $i; done"), "for i in ${one} \"2\" 3; do echo ${i}; done");
    assert_eq!(run("LEFT echo one; echo two; }"), "{ echo one; echo two; }");
    assert_eq!(run("a (( var = 0 ))"), "(( var = 0 ))");
    assert_eq!(run("e_ $i; done"), "for i in 1 2 3; do echo ${i}; done");
}

#[test]
fn recovers_after_error() {
    let mut parser = Parser::new("echo (\necho ok", ParseOptions::default());
    assert!(parser.next_command(None).is_some_and(|r| r.is_err()));
    assert_eq!(parser.next_command(None).map(|r| r.map(|l| show_list(&l))), Some(Ok("echo ok".into())));
}
