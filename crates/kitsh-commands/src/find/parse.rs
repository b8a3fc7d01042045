//! The `find` expression parser: operators (`( ) ! -not -a -and -o -or ,`), global options,
//! tests and actions, with GNU's error messages.

use std::time::SystemTime;

use regex::bytes::Regex;

use super::printf::{parse_format, Piece};
use crate::args::quote;
use crate::chmod::{apply, parse_mode};
use crate::Ctx;
use kitsh_core::fs::FileSystem;
use kitsh_core::pattern::{MatchOpts, Pattern};
use kitsh_core::util::posix_re::{compile, translate_with, Options, Syntax};

/// How a numeric test compares (`+N`, `-N`, `N`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Cmp {
    Less,
    Exact,
    More,
}

impl Cmp {
    /// Whether `value` satisfies the comparison with `n`.
    pub(super) fn test(self, value: u64, n: u64) -> bool {
        match self {
            Cmp::Less => value < n,
            Cmp::Exact => value == n,
            Cmp::More => value > n,
        }
    }
}

/// `-perm` kinds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum PermKind {
    Exact,
    All,
    Any,
}

/// A test or action.
pub(super) enum Prim {
    True,
    False,
    Name(Pattern),
    Path(Pattern),
    Lname(Pattern),
    Regex(Regex),
    /// Type letters; `true`: follow symlinks (`-xtype` without `-L`).
    Type(Vec<u8>, bool),
    Size(Cmp, u64, u64),
    Empty,
    Perm(PermKind, u32),
    /// Modified after this time (`-newer`).
    Newer(SystemTime),
    /// Age in units of `.2` seconds (`-mtime`: 86400, `-mmin`: 60).
    Age(Cmp, u64, u64),
    Uid(Cmp, u64),
    Gid(Cmp, u64),
    NoUser,
    NoGroup,
    Links(Cmp, u64),
    Inum(Cmp, u64),
    Readable,
    Writable,
    Executable,
    Print,
    Print0,
    Printf(Vec<Piece>),
    Ls,
    Prune,
    Delete,
    Quit,
    /// `-exec`, `-execdir`, `-ok`, `-okdir`.
    Exec(super::exec::ExecSpec),
}

/// An expression.
pub(super) enum Expr {
    And(Box<Expr>, Box<Expr>),
    Or(Box<Expr>, Box<Expr>),
    Not(Box<Expr>),
    List(Box<Expr>, Box<Expr>),
    Prim(Prim),
}

/// The global options found in the expression.
#[derive(Debug, Default)]
pub(super) struct Globals {
    /// `-maxdepth`.
    pub max_depth: Option<u64>,
    /// `-mindepth`.
    pub min_depth: u64,
    /// `-depth` (or implied by `-delete`): directories after their contents.
    pub depth_first: bool,
    /// `-follow` (or `-L`): follow every symlink.
    pub follow: bool,
    /// `-daystart` (accepted; ages are measured from now).
    pub daystart: bool,
}

/// The parse result.
pub(super) struct Parsed {
    /// The expression, with the implied `-print` added.
    pub expr: Expr,
    /// The global options.
    pub globals: Globals,
    /// Warnings to print (`-printf` formats).
    pub warnings: Vec<String>,
    /// How many `-exec ... {} +` batches there are.
    pub batches: usize,
}

const ACTIONS_UNSUPPORTED: &[&str] = &["-fls", "-fprint", "-fprint0", "-fprintf"];

struct Parser<'a, 'c> {
    toks: &'a [String],
    pos: usize,
    ctx: &'a Ctx<'c>,
    globals: Globals,
    has_action: bool,
    /// How many `-exec ... {} +` batches the expression has.
    batches: usize,
    regex_syntax: Option<Syntax>,
    warnings: Vec<String>,
}

fn uid_of(fs: &dyn FileSystem, path: &str, name: &str) -> Option<u64> {
    let data = fs.read_file(path).ok()?;
    String::from_utf8_lossy(&data).lines().find_map(|l| {
        let mut f = l.split(':');
        (f.next()? == name).then_some(())?;
        f.nth(1)?.parse().ok()
    })
}

/// `+N`, `-N`, `N` (a decimal number).
fn numeric(s: &str) -> Option<(Cmp, u64)> {
    let (cmp, rest) = match s.as_bytes().first() {
        Some(b'+') => (Cmp::More, &s[1..]),
        Some(b'-') => (Cmp::Less, &s[1..]),
        _ => (Cmp::Exact, s),
    };
    if rest.is_empty() || !rest.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some((cmp, rest.parse().unwrap_or(u64::MAX)))
}

/// Emacs regular expression syntax (GNU find's default) rewritten as POSIX extended syntax.
fn emacs_to_ere(pat: &str) -> String {
    let mut out = String::with_capacity(pat.len() + 8);
    let mut chars = pat.chars().peekable();
    let mut in_bracket = false;
    while let Some(c) = chars.next() {
        if in_bracket {
            out.push(c);
            if c == ']' {
                in_bracket = false;
            }
            continue;
        }
        match c {
            '[' => {
                in_bracket = true;
                out.push(c);
                for first in ['^', ']'] {
                    if chars.peek() == Some(&first) {
                        out.push(first);
                        chars.next();
                    }
                }
            }
            '\\' => match chars.next() {
                Some(e @ ('(' | ')' | '|' | '{' | '}')) => out.push(e),
                Some(e) => {
                    out.push('\\');
                    out.push(e);
                }
                None => out.push_str("\\\\"),
            },
            '(' | ')' | '|' | '{' | '}' => {
                out.push('\\');
                out.push(c);
            }
            _ => out.push(c),
        }
    }
    out
}

impl Parser<'_, '_> {
    fn peek(&self) -> Option<&str> {
        self.toks.get(self.pos).map(String::as_str)
    }

    fn arg(&mut self, pred: &str) -> Result<String, String> {
        let a = self.toks.get(self.pos).cloned().ok_or_else(|| format!("missing argument to `{pred}'"))?;
        self.pos += 1;
        Ok(a)
    }

    /// `-exec CMD ;`, `-exec CMD {} +` and the `-execdir`, `-ok`, `-okdir` forms.
    fn exec(&mut self, tok: &str) -> Result<Prim, String> {
        let start = self.pos;
        let mut end = None;
        let mut batch = false;
        for (i, t) in self.toks[start..].iter().enumerate() {
            if t == ";" {
                end = Some(start + i);
                break;
            }
            if t == "+" && i > 0 && self.toks[start + i - 1] == "{}" && !tok.starts_with("-ok") {
                end = Some(start + i);
                batch = true;
                break;
            }
        }
        let Some(end) = end.filter(|&e| e > start) else { return Err(format!("missing argument to `{tok}'")) };
        let argv: Vec<String> = self.toks[start..end].to_vec();
        self.pos = end + 1;
        let batch = if batch {
            if argv[..argv.len() - 1].iter().any(|a| a.contains("{}")) {
                return Err(format!("Only one instance of {{}} is supported with {tok} ... +"));
            }
            self.batches += 1;
            Some(self.batches - 1)
        } else {
            None
        };
        Ok(Prim::Exec(super::exec::ExecSpec { argv, in_dir: tok.ends_with("dir"), ask: tok.starts_with("-ok"), batch }))
    }

    fn list(&mut self) -> Result<Expr, String> {
        let mut e = self.or()?;
        while self.peek() == Some(",") {
            self.pos += 1;
            if self.peek().is_none() {
                return Err("expected an expression after ','".into());
            }
            e = Expr::List(Box::new(e), Box::new(self.or()?));
        }
        Ok(e)
    }

    fn or(&mut self) -> Result<Expr, String> {
        let mut e = self.and()?;
        while let Some(op @ ("-o" | "-or")) = self.peek() {
            let op = op.to_string();
            self.pos += 1;
            if matches!(self.peek(), None | Some(")" | ",")) {
                return Err(format!("expected an expression after '{op}'"));
            }
            e = Expr::Or(Box::new(e), Box::new(self.and()?));
        }
        Ok(e)
    }

    fn and(&mut self) -> Result<Expr, String> {
        let mut e = self.unary()?;
        loop {
            match self.peek() {
                None | Some("-o" | "-or" | "," | ")") => return Ok(e),
                Some(op @ ("-a" | "-and")) => {
                    let op = op.to_string();
                    self.pos += 1;
                    if matches!(self.peek(), None | Some(")" | "," | "-o" | "-or")) {
                        return Err(format!("expected an expression after '{op}'"));
                    }
                }
                _ => {}
            }
            e = Expr::And(Box::new(e), Box::new(self.unary()?));
        }
    }

    fn unary(&mut self) -> Result<Expr, String> {
        let Some(tok) = self.peek().map(str::to_string) else { return Err("expected an expression".into()) };
        match tok.as_str() {
            "!" | "-not" => {
                self.pos += 1;
                if matches!(self.peek(), None | Some(")" | "," | "-o" | "-or" | "-a" | "-and")) {
                    return Err(format!("expected an expression after '{tok}'"));
                }
                Ok(Expr::Not(Box::new(stacker::maybe_grow(64 * 1024, 1024 * 1024, || self.unary())?)))
            }
            "(" => {
                self.pos += 1;
                if self.peek() == Some(")") {
                    return Err("invalid expression; empty parentheses are not allowed.".into());
                }
                if self.peek().is_none() {
                    return Err("invalid expression; I was expecting to find a ')' somewhere but did not see one.".into());
                }
                let e = stacker::maybe_grow(64 * 1024, 1024 * 1024, || self.list())?;
                if self.peek() != Some(")") {
                    return Err("invalid expression; I was expecting to find a ')' somewhere but did not see one.".into());
                }
                self.pos += 1;
                Ok(e)
            }
            ")" => Err("invalid expression; you have too many ')'".into()),
            "-o" | "-or" | "-a" | "-and" | "," => Err(format!("invalid expression; you have used a binary operator '{tok}' with nothing before it.")),
            _ => {
                self.pos += 1;
                self.primary(&tok).map(Expr::Prim)
            }
        }
    }

    fn number(&mut self, pred: &str) -> Result<(Cmp, u64), String> {
        let a = self.arg(pred)?;
        numeric(&a).ok_or_else(|| format!("invalid argument `{a}' to `{pred}'"))
    }

    fn depth_arg(&mut self, pred: &str) -> Result<u64, String> {
        let a = self.arg(pred)?;
        match a.parse::<u64>() {
            Ok(n) if !a.starts_with('+') => Ok(n),
            _ => Err(format!("Expected a positive decimal integer argument to {pred}, but got {}", quote(&a))),
        }
    }

    fn pattern(&mut self, pred: &str, nocase: bool) -> Result<Pattern, String> {
        let a = self.arg(pred)?;
        Ok(Pattern::new(&a, MatchOpts { nocase, ..MatchOpts::default() }))
    }

    fn regex(&mut self, pred: &str, icase: bool) -> Result<Prim, String> {
        let a = self.arg(pred)?;
        let (syntax, text) = match self.regex_syntax {
            Some(s) => (s, a.clone()),
            None => (Syntax::Extended, emacs_to_ere(&a)),
        };
        let opts = Options { icase, ..Options::posix(syntax) };
        let re = translate_with(&text, &opts).and_then(|t| compile(&format!("\\A(?:{})\\z", t.pattern))).map_err(|e| e.to_string())?;
        Ok(Prim::Regex(re))
    }

    fn types(&mut self, pred: &str, follow: bool) -> Result<Prim, String> {
        let a = self.arg(pred)?;
        if a.is_empty() {
            return Err(format!("Arguments to {pred} should contain at least one letter"));
        }
        let mut letters = Vec::new();
        for (k, part) in a.split(',').enumerate() {
            match part.as_bytes() {
                [c @ (b'f' | b'd' | b'l' | b'c' | b'b' | b'p' | b's' | b'D')] => letters.push(*c),
                [_, _, ..] if k == 0 && !a.contains(',') => return Err(format!("Must separate multiple arguments to {pred} using: ','")),
                _ => return Err(format!("Unknown argument to {pred}: {part}")),
            }
        }
        Ok(Prim::Type(letters, follow))
    }

    fn size(&mut self) -> Result<Prim, String> {
        let a = self.arg("-size")?;
        if a.is_empty() {
            return Err("invalid null argument to -size".into());
        }
        let (body, unit) = match a.as_bytes()[a.len() - 1] {
            b'c' => (&a[..a.len() - 1], 1),
            b'w' => (&a[..a.len() - 1], 2),
            b'b' => (&a[..a.len() - 1], 512),
            b'k' => (&a[..a.len() - 1], 1024),
            b'M' => (&a[..a.len() - 1], 1 << 20),
            b'G' => (&a[..a.len() - 1], 1 << 30),
            b'0'..=b'9' => (a.as_str(), 512),
            _ => {
                let bad = a.trim_start_matches(['+', '-']).trim_start_matches(|c: char| c.is_ascii_digit());
                return Err(format!("invalid -size type `{bad}'"));
            }
        };
        let (cmp, n) = numeric(body).ok_or_else(|| format!("invalid -size type `{a}'"))?;
        Ok(Prim::Size(cmp, n, unit))
    }

    fn perm(&mut self) -> Result<Prim, String> {
        let a = self.arg("-perm")?;
        let (kind, text) = match a.as_bytes().first() {
            Some(b'-') => (PermKind::All, &a[1..]),
            Some(b'/') => (PermKind::Any, &a[1..]),
            _ => (PermKind::Exact, a.as_str()),
        };
        let mode = parse_mode(text).filter(|_| !text.starts_with('+')).ok_or_else(|| format!("invalid mode {}", quote(&a)))?;
        Ok(Prim::Perm(kind, apply(&mode, 0, false, 0)))
    }

    fn newer(&mut self, pred: &str) -> Result<Prim, String> {
        let a = self.arg(pred)?;
        let abs = self.ctx.abs_path(&a);
        let r = if self.globals.follow { self.ctx.fs.stat(&abs) } else { self.ctx.fs.lstat(&abs) };
        let m = r.map_err(|e| format!("{}: {e}", quote(&a)))?;
        Ok(Prim::Newer(m.mtime))
    }

    /// `-newermt DATE` (and `-newerat`, `-newerct`): modified after a `date -d` style time.
    fn newer_than_date(&mut self, pred: &str) -> Result<Prim, String> {
        let a = self.arg(pred)?;
        let tz = kitsh_core::util::time::parse_tz(self.ctx.env.get("TZ").as_deref());
        let now = match SystemTime::now().duration_since(std::time::UNIX_EPOCH) {
            Ok(d) => (d.as_secs() as i64, d.subsec_nanos()),
            Err(_) => (0, 0),
        };
        let (secs, ns) = crate::date::parse_date(&a, now, &tz).ok_or_else(|| format!("I cannot figure out how to interpret {} as a date or time", quote(&a)))?;
        let t = if secs >= 0 {
            std::time::UNIX_EPOCH + std::time::Duration::new(secs as u64, ns)
        } else {
            std::time::UNIX_EPOCH - std::time::Duration::from_secs(secs.unsigned_abs()) + std::time::Duration::from_nanos(ns as u64)
        };
        Ok(Prim::Newer(t))
    }

    fn owner(&mut self, pred: &str, group: bool) -> Result<Prim, String> {
        let a = self.arg(pred)?;
        let db = if group { "/etc/group" } else { "/etc/passwd" };
        let id = uid_of(self.ctx.fs, db, &a).or_else(|| a.parse().ok());
        match (id, group) {
            (Some(id), false) => Ok(Prim::Uid(Cmp::Exact, id)),
            (Some(id), true) => Ok(Prim::Gid(Cmp::Exact, id)),
            (None, false) => Err(format!("{} is not the name of a known user", quote(&a))),
            (None, true) => Err(format!("{} is not the name of an existing group", quote(&a))),
        }
    }

    fn global(&mut self, tok: &str) -> Result<Option<Prim>, String> {
        match tok {
            "-maxdepth" => self.globals.max_depth = Some(self.depth_arg(tok)?),
            "-mindepth" => self.globals.min_depth = self.depth_arg(tok)?,
            "-depth" | "-d" => self.globals.depth_first = true,
            "-follow" => self.globals.follow = true,
            "-daystart" => self.globals.daystart = true,
            "-xdev" | "-mount" | "-noleaf" | "-ignore_readdir_race" | "-noignore_readdir_race" | "-warn" | "-nowarn" => {}
            "-regextype" => {
                let a = self.arg(tok)?;
                self.regex_syntax = match a.as_str() {
                    "emacs" | "findutils-default" => None,
                    "posix-basic" | "grep" | "ed" | "sed" | "posix-minimal-basic" => Some(Syntax::Basic),
                    "posix-extended" | "egrep" | "posix-egrep" | "awk" | "posix-awk" | "gnu-awk" => Some(Syntax::Extended),
                    _ => return Err(format!("Unknown regular expression type {}; valid types are ‘findutils-default’, ‘ed’, ‘emacs’, ‘gnu-awk’, ‘grep’, ‘posix-awk’, ‘awk’, ‘posix-basic’, ‘posix-egrep’, ‘egrep’, ‘posix-extended’, ‘posix-minimal-basic’, ‘sed’.", quote(&a))),
                };
            }
            _ => return Ok(None),
        }
        Ok(Some(Prim::True))
    }

    fn primary(&mut self, tok: &str) -> Result<Prim, String> {
        if let Some(p) = self.global(tok)? {
            return Ok(p);
        }
        let action = matches!(tok, "-print" | "-print0" | "-printf" | "-ls" | "-delete" | "-quit" | "-exec" | "-execdir" | "-ok" | "-okdir");
        if action {
            self.has_action = true;
        }
        Ok(match tok {
            "-true" => Prim::True,
            "-false" => Prim::False,
            "-name" | "-iname" => Prim::Name(self.pattern(tok, tok == "-iname")?),
            "-path" | "-wholename" | "-ipath" | "-iwholename" => Prim::Path(self.pattern(tok, tok.starts_with("-i"))?),
            "-lname" | "-ilname" => Prim::Lname(self.pattern(tok, tok == "-ilname")?),
            "-regex" | "-iregex" => self.regex(tok, tok == "-iregex")?,
            "-type" => self.types(tok, false)?,
            "-xtype" => self.types(tok, true)?,
            "-size" => self.size()?,
            "-empty" => Prim::Empty,
            "-perm" => self.perm()?,
            "-newer" | "-anewer" | "-cnewer" => self.newer(tok)?,
            t if t.len() == 8 && t.starts_with("-newer") && b"acmB".contains(&t.as_bytes()[6]) && t.as_bytes()[7] == b't' => self.newer_than_date(tok)?,
            t if t.len() == 8 && t.starts_with("-newer") && b"acmB".contains(&t.as_bytes()[6]) && b"acm".contains(&t.as_bytes()[7]) => self.newer(tok)?,
            "-mtime" | "-atime" | "-ctime" => {
                let (c, n) = self.number(tok)?;
                Prim::Age(c, n, 86400)
            }
            "-mmin" | "-amin" | "-cmin" => {
                let (c, n) = self.number(tok)?;
                Prim::Age(c, n, 60)
            }
            "-uid" => self.number(tok).map(|(c, n)| Prim::Uid(c, n))?,
            "-gid" => self.number(tok).map(|(c, n)| Prim::Gid(c, n))?,
            "-user" => self.owner(tok, false)?,
            "-group" => self.owner(tok, true)?,
            "-nouser" => Prim::NoUser,
            "-nogroup" => Prim::NoGroup,
            "-links" => self.number(tok).map(|(c, n)| Prim::Links(c, n))?,
            "-inum" => self.number(tok).map(|(c, n)| Prim::Inum(c, n))?,
            "-readable" => Prim::Readable,
            "-writable" => Prim::Writable,
            "-executable" => Prim::Executable,
            "-print" => Prim::Print,
            "-print0" => Prim::Print0,
            "-printf" => {
                let f = self.arg(tok)?;
                let (pieces, warnings) = parse_format(&f);
                self.warnings.extend(warnings);
                Prim::Printf(pieces)
            }
            "-ls" => Prim::Ls,
            "-prune" => Prim::Prune,
            "-delete" => {
                self.globals.depth_first = true;
                Prim::Delete
            }
            "-quit" => Prim::Quit,
            "-exec" | "-execdir" | "-ok" | "-okdir" => self.exec(tok)?,
            _ if ACTIONS_UNSUPPORTED.contains(&tok) => {
                if self.pos >= self.toks.len() {
                    return Err(format!("missing argument to `{tok}'"));
                }
                return Err(format!("{tok} is not supported by kitsh (find cannot run commands or write files here)"));
            }
            _ if tok.starts_with('-') && tok.len() > 1 => return Err(format!("unknown predicate `{tok}'")),
            _ => return Err(format!("paths must precede expression: `{tok}'")),
        })
    }
}

/// Parse the expression tokens (after the starting points). An empty expression is `-print`;
/// without an action the expression is `( EXPR ) -print`.
pub(super) fn parse(ctx: &Ctx<'_>, toks: &[String], follow: bool) -> Result<Parsed, String> {
    let mut p = Parser {
        toks,
        pos: 0,
        ctx,
        globals: Globals { follow, ..Globals::default() },
        has_action: false,
        batches: 0,
        regex_syntax: None,
        warnings: Vec::new(),
    };
    if toks.is_empty() {
        return Ok(Parsed { expr: Expr::Prim(Prim::Print), globals: p.globals, warnings: p.warnings, batches: 0 });
    }
    let e = p.list()?;
    if p.pos < toks.len() {
        return Err("invalid expression; you have too many ')'".into());
    }
    let expr = if p.has_action { e } else { Expr::And(Box::new(e), Box::new(Expr::Prim(Prim::Print))) };
    Ok(Parsed { expr, globals: p.globals, warnings: p.warnings, batches: p.batches })
}
