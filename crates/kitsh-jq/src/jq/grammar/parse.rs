//! Bison's LALR(1) driver (the `yacc.c` skeleton's `yyparse`, with its error recovery and
//! `parse.error verbose` messages) over jq's tables: it finds the syntax errors jq finds, in
//! jq's words and at jq's locations. No values are built; the program itself is compiled by jaq.

use super::lex::Lexer;
use super::tables as t;

/// One error jq would report: its message and the byte range it points at.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SyntaxError {
    /// The message, as after `jq: error: `.
    pub msg: String,
    /// Start of the range (byte offset).
    pub start: usize,
    /// End of the range (exclusive).
    pub end: usize,
}

/// The `error` token's symbol.
const ERROR: i32 = 1;

/// `syntax error, unexpected X, expecting A or B` for state `state` and lookahead `tok`
/// (`None`: no lookahead), as Bison's `yysyntax_error` words it (up to four expected tokens).
fn message(state: usize, tok: Option<u8>) -> String {
    let Some(tok) = tok else {
        return "syntax error".to_string();
    };
    let mut expected = Vec::new();
    let n = i32::from(t::YYPACT[state]);
    let mut too_many = false;
    if n != t::YYPACT_NINF {
        let begin = if n < 0 { -n } else { 0 };
        let end = (t::YYLAST - n + 1).min(t::YYNTOKENS);
        for x in begin..end {
            let i = (x + n) as usize;
            if i32::from(t::YYCHECK[i]) == x && x != ERROR && i32::from(t::YYTABLE[i]) != t::YYTABLE_NINF {
                if expected.len() == 4 {
                    too_many = true;
                    break;
                }
                expected.push(x as usize);
            }
        }
    }
    let mut m = format!("syntax error, unexpected {}", t::TNAME[tok as usize]);
    if !too_many {
        for (k, x) in expected.iter().enumerate() {
            m.push_str(if k == 0 { ", expecting " } else { " or " });
            m.push_str(t::TNAME[*x]);
        }
    }
    m
}

/// Run jq's grammar over `code`: every error jq reports while parsing it, in order (empty when
/// jq would parse it).
pub fn syntax_errors(code: &str) -> Vec<SyntaxError> {
    let mut lex = Lexer::new(code);
    let mut errors = Vec::new();
    // Each entry: a state and the location of the symbol that led to it.
    let mut stack: Vec<(usize, (usize, usize))> = vec![(0, (0, 0))];
    let mut look: Option<super::lex::Token> = None;
    // The location of the last token read (`yylloc`).
    let mut yylloc = (0usize, 0usize);
    let mut errstatus = 0u8;
    // Bounded: every step shifts, reduces, or pops; a reduction loop is impossible in an LALR
    // automaton, but a limit keeps a mistake from hanging a shell.
    let mut budget = 64 * code.len() + 10_000;
    loop {
        budget = budget.saturating_sub(1);
        if budget == 0 {
            break;
        }
        let state = stack.last().map_or(0, |s| s.0);
        if state as i32 == t::YYFINAL {
            break;
        }
        let pact = i32::from(t::YYPACT[state]);
        let mut action: Option<i32> = None; // > 0 shift to state, <= 0 reduce by -rule
        let mut error = false;
        if pact != t::YYPACT_NINF {
            if look.is_none() {
                let tk = lex.next();
                yylloc = (tk.start, tk.end);
                for (msg, s, e) in lex.errors.drain(..) {
                    errors.push(SyntaxError { msg, start: s, end: e });
                }
                look = Some(tk);
            }
            let tok = i32::from(look.map_or(0, |l| l.sym));
            let i = pact + tok;
            if (0..=t::YYLAST).contains(&i) && i32::from(t::YYCHECK[i as usize]) == tok {
                let v = i32::from(t::YYTABLE[i as usize]);
                if v > 0 {
                    action = Some(v);
                } else if v == t::YYTABLE_NINF {
                    error = true;
                } else {
                    action = Some(v);
                }
            }
        }
        if action.is_none() && !error {
            let rule = i32::from(t::YYDEFACT[state]);
            if rule == 0 {
                error = true;
            } else {
                action = Some(-rule);
            }
        }
        if error {
            if errstatus == 0 {
                errors.push(SyntaxError { msg: message(state, look.map(|l| l.sym)), start: yylloc.0, end: yylloc.1 });
            }
            let mut err_start = yylloc;
            if errstatus == 3 {
                match look {
                    Some(l) if l.sym == 0 => break,
                    Some(_) => look = None,
                    None => {}
                }
            }
            // yyerrlab1: pop until a state shifts `error`.
            errstatus = 3;
            let target = loop {
                let st = stack.last().map_or(0, |s| s.0);
                let n = i32::from(t::YYPACT[st]);
                if n != t::YYPACT_NINF {
                    let i = n + ERROR;
                    if (0..=t::YYLAST).contains(&i) && i32::from(t::YYCHECK[i as usize]) == ERROR {
                        let v = i32::from(t::YYTABLE[i as usize]);
                        if v > 0 {
                            break Some(v as usize);
                        }
                    }
                }
                if stack.len() <= 1 {
                    break None;
                }
                if let Some((_, loc)) = stack.pop() {
                    err_start = loc;
                }
            };
            let Some(target) = target else { break };
            stack.push((target, (err_start.0, yylloc.1)));
            continue;
        }
        match action {
            Some(v) if v > 0 => {
                errstatus = errstatus.saturating_sub(1);
                stack.push((v as usize, yylloc));
                look = None;
            }
            Some(v) => {
                let rule = (-v) as usize;
                let len = usize::from(t::YYR2[rule]);
                let base = stack.len() - len;
                let loc = if len > 0 {
                    (stack[base].1 .0, stack[stack.len() - 1].1 .1)
                } else {
                    let below = stack[base - 1].1 .1;
                    (below, below)
                };
                if let Some((_, at, msg)) = t::FAILS.iter().find(|f| usize::from(f.0) == rule) {
                    let l = match at {
                        None => loc,
                        Some(k) => stack[stack.len() - 1 - usize::from(*k)].1,
                    };
                    errors.push(SyntaxError { msg: (*msg).to_string(), start: l.0, end: l.1 });
                }
                stack.truncate(base);
                let top = stack.last().map_or(0, |s| s.0);
                let lhs = usize::from(t::YYR1[rule]) - t::YYNTOKENS as usize;
                let i = i32::from(t::YYPGOTO[lhs]) + top as i32;
                let next = if (0..=t::YYLAST).contains(&i) && t::YYCHECK[i as usize] as usize == top {
                    t::YYTABLE[i as usize] as usize
                } else {
                    usize::from(t::YYDEFGOTO[lhs])
                };
                stack.push((next, loc));
            }
            None => break,
        }
    }
    errors
}
