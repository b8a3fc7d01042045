//! Test helpers: a compact printer of the AST (`show`), line-number summaries, and ignored
//! development dumps (`KITSH_PARSE=... cargo test ... show_dump -- --ignored --nocapture`).

use super::tests::p;
use crate::parser::ast::*;
use crate::parser::{parse, ParseOptions, Parser};

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
            WordPart::BadCommandSub(b) => s.push_str(&format!("<bad `{}`: {}>", b.text, b.error.message)),
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
        ParamOp::Case { op, all, pattern } => {
            let ch = op.to_string();
            let ch = ch.as_str();
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


