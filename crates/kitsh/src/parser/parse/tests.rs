//! Parser tests: AST structure of commands.

use crate::parser::ast::*;
use crate::parser::{parse, ParseError, ParseOptions, Parser};

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
    WordPart::Param(Box::new(ParamExpr { param: Param::Var(name.into()), indirect: false, op: ParamOp::None }))
}

#[test]
#[ignore]
fn dump() {
    let src = std::env::var("KITSH_PARSE").unwrap_or_default();
    let mut parser = Parser::new(&src, ParseOptions::default());
    let alias = |s: &str| match s {
        "ll" => Some("ls -l".to_string()),
        "sp" => Some("echo ".to_string()),
        _ => None,
    };
    while let Some(r) = parser.next_command(Some(&alias)) {
        println!("{r:#?}");
        if r.is_err() {
            break;
        }
    }
}

// ----- a compact printer of the AST, for short expected values --------------------------------

/// Print a list compactly: `;` after each item (` &` when in background), parts marked.
pub(super) fn show(src: &str) -> String {
    show_list(&p(src))
}

pub(super) fn show_list(l: &List) -> String {
    let mut s = String::new();
    for (i, it) in l.items.iter().enumerate() {
        if i > 0 {
            s.push(' ');
        }
        s.push_str(&show_and_or(&it.and_or));
        s.push_str(if it.background { " &" } else { ";" });
    }
    if s.ends_with(';') {
        s.pop();
    }
    s
}

fn show_and_or(a: &AndOr) -> String {
    let mut s = show_pipeline(&a.first);
    for (op, p) in &a.rest {
        s.push_str(if *op == AndOrOp::And { " && " } else { " || " });
        s.push_str(&show_pipeline(p));
    }
    s
}

fn show_pipeline(p: &Pipeline) -> String {
    let mut s = String::new();
    match p.time {
        Some(true) => s.push_str("time -p "),
        Some(false) => s.push_str("time "),
        None => {}
    }
    if p.negate {
        s.push_str("! ");
    }
    for (i, c) in p.commands.iter().enumerate() {
        if i > 0 {
            s.push_str(if p.pipe_stderr[i - 1] { " |& " } else { " | " });
        }
        s.push_str(&show_cmd(c));
    }
    s
}

fn join<T>(v: &[T], f: impl Fn(&T) -> String, sep: &str) -> String {
    v.iter().map(f).collect::<Vec<_>>().join(sep)
}

fn show_cmd(c: &Command) -> String {
    match c {
        Command::Simple(sc) => {
            let mut v: Vec<String> = sc.assigns.iter().map(show_assign).collect();
            v.extend(sc.words.iter().map(show_word));
            v.extend(sc.redirects.iter().map(show_redir));
            v.join(" ")
        }
        Command::Compound(cc, r) => {
            let mut s = show_compound(cc);
            for r in r {
                s.push(' ');
                s.push_str(&show_redir(r));
            }
            s
        }
        Command::FunctionDef(f) => format!("{}() {}", f.name, show_cmd(&f.body)),
    }
}

fn show_assign(a: &Assign) -> String {
    let mut s = a.name.clone();
    if let Some(i) = &a.index {
        s.push_str(&format!("[{}]", show_word(i)));
    }
    s.push_str(if a.append { "+=" } else { "=" });
    match &a.value {
        AssignValue::Scalar(w) => s.push_str(&show_word(w)),
        AssignValue::Array(es) => s.push_str(&show_elems(es)),
    }
    s
}

fn show_elems(es: &[ArrayElem]) -> String {
    let inner = join(
        es,
        |e| match e {
            ArrayElem::Value(w) => show_word(w),
            ArrayElem::Keyed { key, value, append } => {
                format!("[{}]{}{}", show_word(key), if *append { "+=" } else { "=" }, show_word(value))
            }
        },
        " ",
    );
    format!("({inner})")
}

fn show_redir(r: &Redirect) -> String {
    let fd = match &r.fd {
        RedirFd::Default => String::new(),
        RedirFd::Number(n) => n.to_string(),
        RedirFd::Var(v) => format!("{{{v}}}"),
    };
    let op = match r.op {
        RedirOp::In => "<",
        RedirOp::Out => ">",
        RedirOp::Clobber => ">|",
        RedirOp::Append => ">>",
        RedirOp::ReadWrite => "<>",
        RedirOp::DupIn => "<&",
        RedirOp::DupOut => ">&",
        RedirOp::OutErr => "&>",
        RedirOp::AppendErr => "&>>",
        RedirOp::HereDoc => "<<",
        RedirOp::HereString => "<<<",
    };
    let target = match &r.target {
        RedirTarget::Word(w) => show_word(w),
        RedirTarget::HereDoc(h) => format!("{}{{{}}}", if h.quoted { "'" } else { "" }, show_word(&h.body)),
    };
    format!("{fd}{op}{target}")
}

fn show_compound(cc: &CompoundCommand) -> String {
    match cc {
        CompoundCommand::Brace(l) => format!("{{ {}; }}", show_list(l)),
        CompoundCommand::Subshell(l) => format!("( {} )", show_list(l)),
        CompoundCommand::If { branches, else_body } => {
            let mut s = String::new();
            for (i, (c, b)) in branches.iter().enumerate() {
                s.push_str(if i == 0 { "if " } else { " elif " });
                s.push_str(&format!("{}; then {};", show_list(c), show_list(b)));
            }
            if let Some(e) = else_body {
                s.push_str(&format!(" else {};", show_list(e)));
            }
            s.push_str(" fi");
            s
        }
        CompoundCommand::While { until, cond, body } => {
            format!("{} {}; do {}; done", if *until { "until" } else { "while" }, show_list(cond), show_list(body))
        }
        CompoundCommand::For { var, words, body } => format!("for {var}{}; do {}; done", show_in(words), show_list(body)),
        CompoundCommand::Select { var, words, body } => {
            format!("select {var}{}; do {}; done", show_in(words), show_list(body))
        }
        CompoundCommand::ArithFor { init, cond, step, body } => format!(
            "for (({};{};{})); do {}; done",
            show_word(init),
            show_word(cond),
            show_word(step),
            show_list(body)
        ),
        CompoundCommand::Case { word, arms } => {
            let mut s = format!("case {} in", show_word(word));
            for a in arms {
                let t = match a.terminator {
                    CaseTerminator::Break => ";;",
                    CaseTerminator::FallThrough => ";&",
                    CaseTerminator::Continue => ";;&",
                };
                s.push_str(&format!(" {}) {}{t}", join(&a.patterns, show_word, "|"), show_list(&a.body)));
            }
            s.push_str(" esac");
            s
        }
        CompoundCommand::DBracket(e) => format!("[[ {} ]]", show_cond(e)),
        CompoundCommand::Arith(w) => format!("(({}))", show_word(w)),
    }
}

fn show_in(words: &Option<Vec<Word>>) -> String {
    match words {
        None => String::new(),
        Some(ws) => {
            let mut s = " in".to_string();
            for w in ws {
                s.push(' ');
                s.push_str(&show_word(w));
            }
            s
        }
    }
}

fn show_cond(e: &CondExpr) -> String {
    match e {
        CondExpr::Not(x) => format!("! {}", show_cond(x)),
        CondExpr::And(x, y) => format!("({} && {})", show_cond(x), show_cond(y)),
        CondExpr::Or(x, y) => format!("({} || {})", show_cond(x), show_cond(y)),
        CondExpr::Unary(op, w) => format!("-{op} {}", show_word(w)),
        CondExpr::Binary(op, l, r) => format!("{} {op} {}", show_word(l), show_word(r)),
        CondExpr::Word(w) => show_word(w),
    }
}

/// Print a word: literal text as is, `\x` escapes, quotes, `<~user>` tildes, `${..}` params.
pub(super) fn show_word(w: &Word) -> String {
    show_parts(&w.parts)
}

fn show_parts(parts: &[WordPart]) -> String {
    let mut s = String::new();
    for p in parts {
        match p {
            WordPart::Literal(t) => s.push_str(t),
            WordPart::Escaped(t) => t.chars().for_each(|c| {
                s.push('\\');
                s.push(c);
            }),
            WordPart::SingleQuoted(t) => s.push_str(&format!("'{t}'")),
            WordPart::DoubleQuoted(ps) => s.push_str(&format!("\"{}\"", show_parts(ps))),
            WordPart::Tilde(u) => s.push_str(&format!("<~{u}>")),
            WordPart::Param(pe) => s.push_str(&show_param(pe)),
            WordPart::CommandSub(l) => s.push_str(&format!("$({})", show_list(l))),
            WordPart::ArithSub(w) => s.push_str(&format!("$(({}))", show_word(w))),
            WordPart::ProcessSub(out, l) => s.push_str(&format!("{}({})", if *out { '>' } else { '<' }, show_list(l))),
            WordPart::ArrayLiteral(es) => s.push_str(&show_elems(es)),
        }
    }
    s
}

fn show_param(pe: &ParamExpr) -> String {
    let name = match &pe.param {
        Param::Var(n) => n.clone(),
        Param::Positional(n) => n.to_string(),
        Param::Special(c) => c.to_string(),
        Param::Indexed(n, Index::At) => format!("{n}[@]"),
        Param::Indexed(n, Index::Star) => format!("{n}[*]"),
        Param::Indexed(n, Index::Expr(w)) => format!("{n}[{}]", show_word(w)),
    };
    let bang = if pe.indirect { "!" } else { "" };
    let c = |colon: &bool| if *colon { ":" } else { "" };
    let op = match &pe.op {
        ParamOp::None => String::new(),
        ParamOp::Length => return format!("${{#{name}}}"),
        ParamOp::Default { colon, word } => format!("{}-{}", c(colon), show_word(word)),
        ParamOp::Assign { colon, word } => format!("{}={}", c(colon), show_word(word)),
        ParamOp::Error { colon, word } => {
            format!("{}?{}", c(colon), word.as_ref().map(show_word).unwrap_or_default())
        }
        ParamOp::Alternative { colon, word } => format!("{}+{}", c(colon), show_word(word)),
        ParamOp::RemovePrefix { longest, pattern } => {
            format!("{}{}", if *longest { "##" } else { "#" }, show_word(pattern))
        }
        ParamOp::RemoveSuffix { longest, pattern } => {
            format!("{}{}", if *longest { "%%" } else { "%" }, show_word(pattern))
        }
        ParamOp::Replace { mode, pattern, replacement } => {
            let m = match mode {
                ReplaceMode::First => "/",
                ReplaceMode::All => "//",
                ReplaceMode::Prefix => "/#",
                ReplaceMode::Suffix => "/%",
            };
            let r = replacement.as_ref().map(|r| format!("/{}", show_word(r))).unwrap_or_default();
            format!("{m}{}{r}", show_word(pattern))
        }
        ParamOp::Substring { offset, length } => {
            let l = length.as_ref().map(|l| format!(":{}", show_word(l))).unwrap_or_default();
            format!(":{}{l}", show_word(offset))
        }
        ParamOp::Case { upper, all, pattern } => {
            let ch = if *upper { "^" } else { "," };
            let p = pattern.as_ref().map(show_word).unwrap_or_default();
            format!("{ch}{}{p}", if *all { ch } else { "" })
        }
        ParamOp::Transform(t) => format!("@{t}"),
        ParamOp::NamesWithPrefix(star) => return format!("${{!{name}{}}}", if *star { "*" } else { "@" }),
        ParamOp::Keys => return format!("${{!{name}}}"),
    };
    format!("${{{bang}{name}{op}}}")
}

#[test]
#[ignore]
fn show_dump() {
    let all = std::env::var("KITSH_PARSE").unwrap_or_default();
    for src in all.split("\n@@\n") {
        match parse(src, &ParseOptions::default()) {
            Ok(l) => println!("{src:?} => {:?}", show_list(&l)),
            Err(e) => println!("{src:?} => ERR line {} {:?} src={:?} inc={}", e.line, e.message, e.source_line, e.incomplete),
        }
    }
}

/// Parse every snippet of the file named by `KITSH_SNIPS` (separated by `\x01SEP\x01` lines)
/// and print `index ok|err message` for each.
#[test]
#[ignore]
fn snippets_dump() {
    let Ok(path) = std::env::var("KITSH_SNIPS") else { return };
    let bytes = std::fs::read(path).unwrap_or_default();
    let all = String::from_utf8_lossy(&bytes);
    for (i, src) in all.split("\n\u{1}SEP\u{1}\n").enumerate() {
        let alias = |s: &str| if s == "zzzz" { Some(String::new()) } else { None };
        let mut parser = Parser::new(src, ParseOptions::default());
        let mut res = Ok(());
        while let Some(r) = parser.next_command(Some(&alias)) {
            if let Err(e) = r {
                res = Err(e);
                break;
            }
        }
        match res {
            Ok(()) => println!("SNIP {i} ok"),
            Err(e) => println!("SNIP {i} err line {} {}", e.line, e.message),
        }
    }
}

/// Lines of the pipelines and simple commands of each top-level command (depth-first).
#[test]
#[ignore]
fn lines_dump() {
    let src = std::env::var("KITSH_PARSE").unwrap_or_default();
    let mut parser = Parser::new(&src, ParseOptions::default());
    while let Some(r) = parser.next_command(None) {
        match r {
            Ok(l) => println!("LINES {} | parser.line()={}", lines_of(&l), parser.line()),
            Err(e) => println!("LINES err {e:?}"),
        }
    }
}

/// `p<line>` for pipelines, `c<line>` for simple commands, `a<line>` assignments,
/// `f<line>` function definitions, nested bodies in brackets.
pub(super) fn lines_of(l: &List) -> String {
    let mut out = Vec::new();
    for it in &l.items {
        let mut ps = vec![&it.and_or.first];
        ps.extend(it.and_or.rest.iter().map(|(_, p)| p));
        for p in ps {
            out.push(format!("p{}", p.line));
            for c in &p.commands {
                out.push(cmd_lines(c));
            }
        }
    }
    out.join(" ")
}

fn cmd_lines(c: &Command) -> String {
    match c {
        Command::Simple(sc) => {
            let mut s = format!("c{}", sc.line);
            for a in &sc.assigns {
                s.push_str(&format!(" a{}", a.line));
            }
            for w in &sc.words {
                for part in &w.parts {
                    if let WordPart::CommandSub(l) = part {
                        s.push_str(&format!(" $[{}]", lines_of(l)));
                    }
                }
            }
            s
        }
        Command::FunctionDef(f) => format!("f{} {}", f.line, cmd_lines(&f.body)),
        Command::Compound(cc, _) => {
            let lists: Vec<&List> = match cc {
                CompoundCommand::Brace(l) | CompoundCommand::Subshell(l) => vec![l],
                CompoundCommand::If { branches, else_body } => {
                    let mut v: Vec<&List> = branches.iter().flat_map(|(a, b)| [a, b]).collect();
                    v.extend(else_body.iter());
                    v
                }
                CompoundCommand::While { cond, body, .. } => vec![cond, body],
                CompoundCommand::For { body, .. }
                | CompoundCommand::Select { body, .. }
                | CompoundCommand::ArithFor { body, .. } => vec![body],
                CompoundCommand::Case { arms, .. } => arms.iter().map(|a| &a.body).collect(),
                CompoundCommand::DBracket(_) | CompoundCommand::Arith(_) => vec![],
            };
            format!("[{}]", lists.iter().map(|l| lines_of(l)).collect::<Vec<_>>().join(" | "))
        }
    }
}

#[test]
#[ignore]
fn alias_dump() {
    let all = std::env::var("KITSH_PARSE").unwrap_or_default();
    let alias = |s: &str| match s {
        "ll" => Some("ls -l".to_string()),
        "sp" => Some("echo ".to_string()),
        "loop1" => Some("loop2".to_string()),
        "loop2" => Some("loop1".to_string()),
        "self" => Some("self -x".to_string()),
        "myif" => Some("if true; then echo yes; fi".to_string()),
        "begin" => Some("{".to_string()),
        "empty" => Some(String::new()),
        "nl" => Some("echo a\necho b".to_string()),
        _ => None,
    };
    for src in all.split("\n@@\n") {
        let mut parser = Parser::new(src, ParseOptions::default());
        let mut out = Vec::new();
        while let Some(r) = parser.next_command(Some(&alias)) {
            match r {
                Ok(l) => out.push(show_list(&l)),
                Err(e) => out.push(format!("ERR {e:?}")),
            }
        }
        println!("{src:?} => {}", out.join(" // "));
    }
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

#[test]
#[ignore]
fn timing_dump() {
    let n = 100_000;
    let cases = [
        ("pipe", "echo a | ".repeat(n).trim_end_matches("| ").to_string()),
        ("andand", "true && ".repeat(n).trim_end_matches("&& ").to_string()),
        ("semi", "echo a; ".repeat(n)),
        ("lines", "echo a\n".repeat(n)),
        ("longword", format!("echo {}", "a".repeat(n))),
        ("sq", format!("echo '{}'", "a\n".repeat(n))),
    ];
    for (name, src) in cases {
        let t = std::time::Instant::now();
        let _ = parse(&src, &ParseOptions::default());
        println!("TIME {name} {:?}", t.elapsed());
    }
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
}

#[test]
fn recovers_after_error() {
    let mut parser = Parser::new("echo (\necho ok", ParseOptions::default());
    assert!(parser.next_command(None).is_some_and(|r| r.is_err()));
    assert_eq!(parser.next_command(None).map(|r| r.map(|l| show_list(&l))), Some(Ok("echo ok".into())));
}
