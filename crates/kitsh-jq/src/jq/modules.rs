//! jq's module system on kitsh's virtual filesystem: `import "m" as name;`, `include "m";`,
//! `import "data" as $d;` (JSON data), `module {...};` metadata and `modulemeta`. jaq-core's
//! loader parses and links the modules; this file finds them, as jq 1.8 does:
//!
//! * a relative path `foo/bar` is looked for as `DIR/foo/bar.jq` then `DIR/foo/bar/bar.jq`
//!   (`.json` for data) in each directory of the search path;
//! * the search path is the import's `search` metadata (relative to the importing file's
//!   directory), then the `-L` directories, by default `~/.jq`, `$ORIGIN/../lib/jq` and
//!   `$ORIGIN/../lib`; `~` is `$HOME`, `$ORIGIN` is `/usr/bin` (where a jq binary would be),
//!   and a path `.` or starting with `./` is relative to the importing file (for the program
//!   itself, the working directory);
//! * a file `~/.jq` is included into every program.
//!
//! Module files are read from the virtual filesystem only.

use std::io::Read as _;

use jaq_core::load::lex::{Lexer, StrPart, Tok, Token};
use jaq_core::load::parse::{BinaryOp, Term};
use super::json::{Map, Val};

use crate::fs::{join_path, FileSystem, FileType};
use super::rewrite::def_end;

/// Where `$ORIGIN` in a search path points: the directory of a virtual jq binary.
const ORIGIN: &str = "/usr/bin";

/// The search path without `-L`.
const DEFAULT_PATHS: [&str; 3] = ["~/.jq", "$ORIGIN/../lib/jq", "$ORIGIN/../lib"];

/// The largest module or data file read.
const MAX_FILE: u64 = 1 << 30;

/// The name the program itself has as the parent of its imports.
pub const MAIN: &str = "<top-level>";

/// What finding modules needs: the filesystem, the working directory, `$HOME` and the `-L`
/// directories.
#[derive(Clone, Copy)]
pub struct ModEnv<'a> {
    pub fs: &'a dyn FileSystem,
    pub cwd: &'a str,
    pub home: Option<&'a str>,
    /// `-L` directories; empty for the default search path.
    pub lib: &'a [String],
}

impl ModEnv<'_> {
    /// The directory relative paths of `parent`'s imports start from.
    fn dir_of(&self, parent: &str) -> String {
        if parent == MAIN {
            return self.cwd.to_string();
        }
        match parent.rfind('/') {
            Some(0) => "/".into(),
            Some(i) => parent[..i].to_string(),
            None => self.cwd.to_string(),
        }
    }

    /// `~` and `$ORIGIN` expanded; `None` for `~` without `$HOME`.
    fn expand(&self, p: &str) -> Option<String> {
        if p == "~" || p.starts_with("~/") {
            return Some(format!("{}{}", self.home?, &p[1..]));
        }
        if p == "$ORIGIN" || p.starts_with("$ORIGIN/") {
            return Some(format!("{ORIGIN}{}", &p[7..]));
        }
        Some(p.to_string())
    }

    fn is_file(&self, path: &str) -> bool {
        self.fs.stat(path).is_ok_and(|m| m.file_type != FileType::Dir)
    }

    /// The file of module (or data file, `ext` "json") `rel` imported by `parent`.
    pub fn find(&self, parent: &str, rel: &str, meta: Option<&Val>, ext: &str) -> Result<String, String> {
        let not_found = || format!("module not found: {rel}");
        if rel.is_empty() || rel.starts_with('/') {
            return Err(format!("Modules must be named by relative paths: {rel}"));
        }
        let comps: Vec<&str> = rel.split('/').collect();
        if comps.windows(2).any(|w| w[0] == w[1]) {
            return Err(format!("module names must not have equal consecutive components: {rel}"));
        }
        let dir = self.dir_of(parent);
        let mut dirs: Vec<String> = Vec::new();
        // The import's own search path: relative to the importing file.
        let search: Vec<&Val> = match meta.and_then(|m| m_get(m, "search")) {
            Some(Val::Arr(a)) => a.iter().collect(),
            Some(v) => vec![v],
            None => Vec::new(),
        };
        for s in search {
            let (Val::TStr(b) | Val::BStr(b)) = s else { continue };
            let s = String::from_utf8_lossy(b);
            if let Some(e) = self.expand(&s) {
                dirs.push(join_path(&dir, &e));
            }
        }
        let lib: Vec<&str> = if self.lib.is_empty() { DEFAULT_PATHS.to_vec() } else { self.lib.iter().map(String::as_str).collect() };
        for p in lib {
            if p.is_empty() {
                break; // an empty element ends the search path
            }
            let Some(e) = self.expand(p) else { continue };
            let base = if e == "." || e.starts_with("./") { &dir } else { self.cwd };
            dirs.push(join_path(base, &e));
        }
        let last = comps.last().copied().unwrap_or(rel);
        for d in dirs {
            for cand in [format!("{d}/{rel}.{ext}"), format!("{d}/{rel}/{last}.{ext}")] {
                let cand = join_path("/", &cand);
                if self.is_file(&cand) {
                    return Ok(cand);
                }
            }
        }
        Err(not_found())
    }

    /// The text of a file (lossy UTF-8).
    pub fn read(&self, path: &str) -> Result<String, String> {
        let mut r = self.fs.open_read(path).map_err(|e| format!("Could not open {path}: {e}"))?;
        let mut buf = Vec::new();
        r.by_ref().take(MAX_FILE + 1).read_to_end(&mut buf).map_err(|e| format!("Could not open {path}: {e}"))?;
        if buf.len() as u64 > MAX_FILE {
            return Err(format!("{path}: file too large"));
        }
        Ok(String::from_utf8_lossy(&buf).into_owned())
    }

    /// The text of `~/.jq` when it is a file (it is included into every program).
    pub fn home_file(&self) -> Option<(String, String)> {
        if self.fs.refuses_all() {
            return None;
        }
        let path = join_path("/", &format!("{}/.jq", self.home?));
        if !self.is_file(&path) {
            return None;
        }
        self.read(&path).ok().map(|t| (path, t))
    }

    /// Data import `rel` of `parent`: every JSON value of the file, as an array.
    pub fn data(&self, parent: &str, rel: &str, meta: Option<&Val>) -> Result<Val, String> {
        let path = self.find(parent, rel, meta, "json")?;
        let text = self.read(&path)?;
        let mut r = super::read::Reader::from_slice(text.as_bytes());
        let mut items = Vec::new();
        loop {
            match r.next_value() {
                Ok(Some(v)) => items.push(v),
                Ok(None) => return Ok(Val::Arr(items.into())),
                Err(super::read::ReadError::Parse(e)) => return Err(format!("{path}: {e}")),
                Err(super::read::ReadError::Io(e)) => return Err(format!("{path}: {e}")),
            }
        }
    }

    /// `modulemeta`: the metadata of module `name`, with its `deps` and `defs`.
    pub fn modulemeta(&self, name: &Val) -> Result<Val, String> {
        let (Val::TStr(b) | Val::BStr(b)) = name else {
            return Err("modulemeta input module not a string".into());
        };
        let rel = String::from_utf8_lossy(b);
        let path = self.find(MAIN, &rel, None, "jq")?;
        let code = self.read(&path)?;
        let h = scan(&code).map_err(|(m, _)| m)?;
        let mut out = match h.meta {
            Some(Val::Obj(o)) => (*o).clone(),
            _ => Map::default(),
        };
        let deps: Vec<Val> = h
            .deps
            .into_iter()
            .map(|d| {
                let mut o = match d.meta {
                    Some(Val::Obj(o)) => (*o).clone(),
                    _ => Map::default(),
                };
                if let Some(a) = &d.name {
                    o.insert(key("as"), Val::from(a.trim_start_matches('$').to_string()));
                }
                o.insert(key("is_data"), Val::Bool(d.name.as_deref().is_some_and(|a| a.starts_with('$'))));
                o.insert(key("relpath"), Val::from(d.path));
                Val::obj(o)
            })
            .collect();
        out.insert(key("deps"), Val::Arr(deps.into()));
        out.insert(key("defs"), Val::Arr(h.defs.into_iter().map(Val::from).collect::<Vec<_>>().into()));
        Ok(Val::obj(out))
    }
}

fn key(s: &str) -> Val {
    Val::from(s.to_string())
}

fn m_get<'v>(m: &'v Val, k: &str) -> Option<&'v Val> {
    match m {
        Val::Obj(o) => o.get(&key(k)),
        _ => None,
    }
}

/// Metadata that is not a constant.
pub const NOT_CONSTANT: &str = "Module metadata must be constant";
/// Metadata that is a constant but not an object.
pub const NOT_OBJECT: &str = "Module metadata must be an object";

/// The value of constant metadata (an object); jq's message otherwise.
pub fn meta_val(t: &Term<&str>) -> Result<Val, &'static str> {
    match term_val(t).ok_or(NOT_CONSTANT)? {
        v @ Val::Obj(_) => Ok(v),
        _ => Err(NOT_OBJECT),
    }
}

/// The value of a constant term (literals, arrays and objects of them).
fn term_val(t: &Term<&str>) -> Option<Val> {
    Some(match t {
        Term::Num(n) => Val::Num(super::read::parse_number(n)?),
        Term::Neg(n) => match &**n {
            Term::Num(n) => Val::Num(super::read::parse_number(&format!("-{n}"))?),
            _ => return None,
        },
        Term::Str(None, parts) => Val::from(str_val(parts)?),
        Term::Call("null", args) if args.is_empty() => Val::Null,
        Term::Call("true", args) if args.is_empty() => Val::Bool(true),
        Term::Call("false", args) if args.is_empty() => Val::Bool(false),
        Term::Arr(None) => Val::Arr(Vec::new().into()),
        Term::Arr(Some(items)) => {
            let mut out = Vec::new();
            commas(items, &mut out)?;
            Val::Arr(out.into())
        }
        Term::Obj(kvs) => {
            let mut m = Map::default();
            for (k, v) in kvs {
                let k = match k {
                    Term::Str(None, parts) => str_val(parts)?,
                    _ => return None,
                };
                m.insert(Val::from(k), term_val(v.as_ref()?)?);
            }
            Val::obj(m)
        }
        _ => return None,
    })
}

fn commas(t: &Term<&str>, out: &mut Vec<Val>) -> Option<()> {
    match t {
        Term::BinOp(l, BinaryOp::Comma, r) => {
            commas(l, out)?;
            commas(r, out)
        }
        t => {
            out.push(term_val(t)?);
            Some(())
        }
    }
}

/// The text of a string literal without interpolation (`None` when it has some).
fn str_val<T>(parts: &[StrPart<&str, T>]) -> Option<String> {
    let mut s = String::new();
    for p in parts {
        match p {
            StrPart::Str(x) => s.push_str(x),
            StrPart::Char(c) => s.push(*c),
            StrPart::Term(_) => return None,
        }
    }
    Some(s)
}

/// One `import`/`include` of a module: its path, `as` name (with `$` for data) and metadata.
pub struct Dep {
    pub path: String,
    pub name: Option<String>,
    pub meta: Option<Val>,
}

/// The directives and definitions of a module's text.
pub struct Header {
    /// `module META;`
    pub meta: Option<Val>,
    pub deps: Vec<Dep>,
    /// `name/arity` of each top-level definition.
    pub defs: Vec<String>,
}

/// The metadata of a module's text (`module {...};`, `import "m" as m {...};`) is constant
/// objects; jq's message and the metadata's byte offset otherwise.
pub fn check_main(code: &str) -> Result<(), (String, usize)> {
    scan(code).map(|_| ())
}

/// The metadata written in `code` from token `from` to before token `to`.
fn meta_of(code: &str, tokens: &[Token<&str>], from: usize, to: usize) -> Result<Option<Val>, (String, usize)> {
    if from >= to {
        return Ok(None);
    }
    let start = offset(code, tokens[from].0);
    let stop = offset(code, tokens[to - 1].0) + tokens[to - 1].0.len();
    let text = code.get(start..stop).unwrap_or("");
    let err = |m: &str| (m.to_string(), start);
    let t = jaq_core::load::parse(text, |p| p.term()).ok_or_else(|| err(NOT_CONSTANT))?;
    meta_val(&t).map(Some).map_err(err)
}

/// Read the `module`, `import` and `include` directives at the start of `code` and the names
/// of the definitions after them; `Err` holds jq's message for bad metadata, and where it is.
pub fn scan(code: &str) -> Result<Header, (String, usize)> {
    let Ok(tokens) = Lexer::new(code).lex() else {
        // jaq's parser reports the syntax error.
        return Ok(Header { meta: None, deps: Vec::new(), defs: Vec::new() });
    };
    let mut h = Header { meta: None, deps: Vec::new(), defs: Vec::new() };
    let mut i = 0;
    let upto_semi = |from: usize| (from..tokens.len()).find(|&k| matches!(tokens[k], Token(";", Tok::Sym)));
    if matches!(tokens.first(), Some(Token("module", Tok::Word))) {
        let Some(semi) = upto_semi(1) else { return Ok(h) };
        h.meta = meta_of(code, &tokens, 1, semi)?;
        i = semi + 1;
    }
    while let Some(Token(kw @ ("import" | "include"), Tok::Word)) = tokens.get(i) {
        let Some(Token(_, Tok::Str(parts))) = tokens.get(i + 1) else { break };
        let Some(path) = str_val(parts) else { break };
        let mut k = i + 2;
        let mut name = None;
        if *kw == "import" {
            if !matches!(tokens.get(k), Some(Token("as", Tok::Word))) {
                break;
            }
            name = tokens.get(k + 1).map(|t| t.0.to_string());
            k += 2;
        }
        let Some(semi) = upto_semi(k) else { break };
        let meta = meta_of(code, &tokens, k, semi)?;
        h.deps.push(Dep { path, name, meta });
        i = semi + 1;
    }
    // Top-level definitions: `def NAME(PARAMS): BODY;`.
    while let Some(Token("def", Tok::Word)) = tokens.get(i) {
        let Some(Token(name, Tok::Word)) = tokens.get(i + 1) else { break };
        let arity = match tokens.get(i + 2) {
            Some(Token(s, Tok::Block(ps))) if s.starts_with('(') => 1 + ps.iter().filter(|t| matches!(t, Token(";", Tok::Sym))).count(),
            _ => 0,
        };
        h.defs.push(format!("{name}/{arity}"));
        i = def_end(&tokens, i);
    }
    Ok(h)
}


fn offset(code: &str, s: &str) -> usize {
    (s.as_ptr() as usize).saturating_sub(code.as_ptr() as usize).min(code.len())
}
