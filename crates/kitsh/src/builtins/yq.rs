//! `yq`: the common subset of mikefarah yq v4's command line: `yq [eval|e|eval-all|ea] [FLAGS]
//! EXPRESSION [FILE]...`, YAML (and JSON, YAML's subset) input with `---` multi-document
//! streams, output as YAML (default), JSON (`-o json`, `-j`) or properties (`-o props`), `-r`
//! (unwrap scalars; on by default for YAML output), `-P`, `-I N`, `-i` (rewrite the file in
//! place), `-n`, `-e`, `-N`.
//!
//! Documents are converted to JSON values and the expression runs on kitsh's jq engine
//! ([`super::jq::eval_values`]), so the expression language is jq's where jq and yq agree
//! (paths, `=`, `|=`, `+=`, `select`, `map`, `del`, `keys`, `length`, `to_entries`, `*`
//! merges, ...); yq's `env(NAME)` / `strenv(NAME)` read `$ENV`, `keys` keeps document order,
//! and `TERM as $x ireduce (INIT; UPDATE)` is jq's `reduce`. Comments, anchors, tags and flow
//! style of the input are not kept (values are), and other yq-only operators (`... comments`,
//! `load`, `fileIndex`, `@yaml`) are unknown. `eval-all` runs the expression on each document
//! of every file in turn, except yq's merge idiom `. as $x ireduce (...)`, which reduces over
//! all documents of all files.

use std::fmt::Write as _;

use jaq_json::Val;
use yaml_rust2::{Yaml, YamlLoader};

use super::jq::write::{fmt_num, write_val, Format};
use super::jq::{eval_values, read, EvalError};
use super::{Builtin, Ctx};
use crate::fs::WriteMode;

/// The `yq` command.
pub struct Yq;

const USAGE: &str = "Usage:
  yq [flags]
  yq [command]

Examples:

# yq tries to auto-detect the file format based off the extension, and defaults to YAML if it's unknown (or piping through STDIN)
# Use the '-p/--input-format' flag to specify a format type.
cat file.xml | yq -p xml

# read the \"stuff\" node from \"myfile.yml\"
yq '.stuff' < myfile.yml

# update myfile.yml in place
yq -i '.stuff = \"foo\"' myfile.yml

# print contents of sample.json as idiomatic YAML
yq -P -oy sample.json

Available Commands:
  eval        (default) Apply the expression to each document in each yaml file in sequence
  eval-all    Loads _all_ yaml documents of _all_ yaml files and runs expression once

Flags:
  -e, --exit-status           set exit status if there are no matches or null or false is returned
  -h, --help                  help for yq
  -I, --indent int            sets indent level for output (default 2)
  -i, --inplace               update the file in place of first file given.
  -p, --input-format string   [auto|a|yaml|y|json|j] parse format for input. (default \"auto\")
  -n, --null-input            Don't read input, simply evaluate the expression given. Useful for creating docs from scratch.
  -N, --no-doc                Don't print document separators (---)
  -o, --output-format string  [auto|a|yaml|y|json|j|props|p] output format type. (default \"auto\")
  -P, --prettyPrint           pretty print, shorthand for '... style = \"\"'
  -r, --unwrapScalar          unwrap scalar, print the value with no quotes, colours or comments. Defaults to true for yaml (default true)
  -V, --version               Print version information and quit";

/// Most bytes of YAML read from one input.
const MAX_INPUT: usize = 256 << 20;
/// Most nodes a document may expand to through aliases (a "billion laughs" guard).
const MAX_NODES: u64 = 10_000_000;

#[derive(Clone, Copy, PartialEq, Eq)]
enum OutFmt {
    Yaml,
    Json,
    Props,
}

/// The parsed command line.
struct Opts {
    all: bool,
    out: Option<OutFmt>,
    unwrap: Option<bool>,
    inplace: bool,
    null_input: bool,
    indent: usize,
    exit_status: bool,
    no_doc: bool,
    expr: Option<String>,
    files: Vec<String>,
}

fn out_format(v: &str) -> Result<Option<OutFmt>, String> {
    match v {
        "auto" | "a" => Ok(None),
        "yaml" | "y" | "yml" => Ok(Some(OutFmt::Yaml)),
        "json" | "j" => Ok(Some(OutFmt::Json)),
        "props" | "p" | "properties" => Ok(Some(OutFmt::Props)),
        _ => Err(format!("unknown output format {v}")),
    }
}

fn parse_bool(v: &str) -> Option<bool> {
    match v {
        "true" | "t" | "T" | "TRUE" | "True" | "1" => Some(true),
        "false" | "f" | "F" | "FALSE" | "False" | "0" => Some(false),
        _ => None,
    }
}

/// Parse yq's (cobra) command line; `Err` is the message after `Error: `.
fn parse(argv: &[String]) -> Result<Result<Opts, i32>, String> {
    let mut o = Opts {
        all: false,
        out: None,
        unwrap: None,
        inplace: false,
        null_input: false,
        indent: 2,
        exit_status: false,
        no_doc: false,
        expr: None,
        files: Vec::new(),
    };
    let mut pos: Vec<String> = Vec::new();
    let mut i = 0;
    let mut rest = false;
    while i < argv.len() {
        let a = &argv[i];
        i += 1;
        if rest || a == "-" || !a.starts_with('-') {
            pos.push(a.clone());
            continue;
        }
        if a == "--" {
            rest = true;
            continue;
        }
        if let Some(long) = a.strip_prefix("--") {
            let (name, val) = match long.split_once('=') {
                Some((n, v)) => (n, Some(v.to_string())),
                None => (long, None),
            };
            let need = |i: &mut usize| -> Result<String, String> {
                if let Some(v) = &val {
                    return Ok(v.clone());
                }
                let v = argv.get(*i).cloned().ok_or_else(|| format!("flag needs an argument: --{name}"))?;
                *i += 1;
                Ok(v)
            };
            match name {
                "output-format" => o.out = out_format(&need(&mut i)?)?,
                "input-format" => {
                    let v = need(&mut i)?;
                    if !matches!(v.as_str(), "auto" | "a" | "yaml" | "y" | "yml" | "json" | "j") {
                        return Err(format!("unknown input format {v}"));
                    }
                }
                "indent" => {
                    let v = need(&mut i)?;
                    o.indent = v.parse().map_err(|_| format!("invalid argument \"{v}\" for \"-I, --indent\" flag: strconv.ParseInt: parsing \"{v}\": invalid syntax"))?;
                }
                "unwrapScalar" => o.unwrap = Some(val.as_deref().map_or(Some(true), parse_bool).ok_or("invalid argument for --unwrapScalar")?),
                "inplace" => o.inplace = true,
                "null-input" => o.null_input = true,
                "exit-status" => o.exit_status = true,
                "no-doc" => o.no_doc = true,
                "prettyPrint" | "no-colors" | "colors" => {}
                "tojson" => o.out = Some(OutFmt::Json),
                "help" => return Ok(Err(-1)),
                "version" => return Ok(Err(-2)),
                _ => return Err(format!("unknown flag: --{name}")),
            }
            continue;
        }
        // Short flags, possibly clustered (`-Pr`), with `-o json`, `-ojson`, `-o=json`.
        let chars: Vec<char> = a[1..].chars().collect();
        let mut k = 0;
        while k < chars.len() {
            let c = chars[k];
            k += 1;
            let attached: String = chars[k..].iter().collect();
            let value = |i: &mut usize, k: &mut usize| -> Result<String, String> {
                if !attached.is_empty() {
                    *k = chars.len();
                    return Ok(attached.strip_prefix('=').unwrap_or(&attached).to_string());
                }
                let v = argv.get(*i).cloned().ok_or_else(|| format!("flag needs an argument: '{c}' in -{c}"))?;
                *i += 1;
                Ok(v)
            };
            match c {
                'o' => o.out = out_format(&value(&mut i, &mut k)?)?,
                'p' => {
                    let v = value(&mut i, &mut k)?;
                    if !matches!(v.as_str(), "auto" | "a" | "yaml" | "y" | "yml" | "json" | "j") {
                        return Err(format!("unknown input format {v}"));
                    }
                }
                'I' => {
                    let v = value(&mut i, &mut k)?;
                    o.indent = v.parse().map_err(|_| format!("invalid argument \"{v}\" for \"-I, --indent\" flag: strconv.ParseInt: parsing \"{v}\": invalid syntax"))?;
                }
                'r' => {
                    if let Some(v) = attached.strip_prefix('=') {
                        o.unwrap = Some(parse_bool(v).ok_or_else(|| format!("invalid argument \"{v}\" for \"-r, --unwrapScalar\" flag: strconv.ParseBool: parsing \"{v}\": invalid syntax"))?);
                        k = chars.len();
                    } else {
                        o.unwrap = Some(true);
                    }
                }
                'j' => o.out = Some(OutFmt::Json),
                'i' => o.inplace = true,
                'n' => o.null_input = true,
                'e' => o.exit_status = true,
                'N' => o.no_doc = true,
                'P' | 'M' | 'C' => {}
                'h' => return Ok(Err(-1)),
                'V' => return Ok(Err(-2)),
                _ => return Err(format!("unknown shorthand flag: '{c}' in {a}")),
            }
        }
    }
    if let Some(first) = pos.first() {
        match first.as_str() {
            "eval" | "e" => {
                pos.remove(0);
            }
            "eval-all" | "ea" => {
                o.all = true;
                pos.remove(0);
            }
            _ => {}
        }
    }
    let mut pos = pos.into_iter();
    o.expr = pos.next();
    o.files = pos.collect();
    Ok(Ok(o))
}

/// Count the nodes a document expands to (aliases counted at their full size) and refuse
/// documents past [`MAX_NODES`] before building them.
fn check_expansion(text: &str) -> Result<(), String> {
    use yaml_rust2::parser::{Event, EventReceiver, Parser};
    struct Counter {
        /// Open collections: (anchor id, nodes so far).
        stack: Vec<(usize, u64)>,
        anchors: std::collections::HashMap<usize, u64>,
        total: u64,
    }
    impl Counter {
        fn add(&mut self, n: u64) {
            self.total = self.total.saturating_add(n);
            if let Some(top) = self.stack.last_mut() {
                top.1 = top.1.saturating_add(n);
            }
        }
    }
    impl EventReceiver for Counter {
        fn on_event(&mut self, ev: Event) {
            if self.total > MAX_NODES {
                return;
            }
            match ev {
                Event::Scalar(_, _, aid, _) => {
                    if aid > 0 {
                        self.anchors.insert(aid, 1);
                    }
                    self.add(1);
                }
                Event::SequenceStart(aid, _) | Event::MappingStart(aid, _) => self.stack.push((aid, 1)),
                Event::SequenceEnd | Event::MappingEnd => {
                    if let Some((aid, n)) = self.stack.pop() {
                        if aid > 0 {
                            self.anchors.insert(aid, n);
                        }
                        if let Some(top) = self.stack.last_mut() {
                            top.1 = top.1.saturating_add(n);
                        }
                        if self.stack.is_empty() {
                            self.total = self.total.saturating_add(n);
                        }
                    }
                }
                Event::Alias(id) => {
                    let n = self.anchors.get(&id).copied().unwrap_or(1);
                    self.add(n);
                }
                _ => {}
            }
        }
    }
    let mut c = Counter { stack: Vec::new(), anchors: Default::default(), total: 0 };
    let mut p = Parser::new_from_str(text);
    // Scan errors are reported by the loader afterwards.
    let _ = p.load(&mut c, true);
    if c.total > MAX_NODES {
        return Err("yaml: document expands to too many nodes (aliases)".into());
    }
    Ok(())
}

/// Append `v` as JSON text.
fn yaml_to_json(y: &Yaml, out: &mut String) {
    match y {
        Yaml::Null | Yaml::BadValue | Yaml::Alias(_) => out.push_str("null"),
        Yaml::Boolean(b) => out.push_str(if *b { "true" } else { "false" }),
        Yaml::Integer(i) => {
            let _ = write!(out, "{i}");
        }
        Yaml::Real(s) => out.push_str(&real_json(s)),
        Yaml::String(s) => json_str(s, out),
        Yaml::Array(a) => {
            out.push('[');
            for (k, v) in a.iter().enumerate() {
                if k > 0 {
                    out.push(',');
                }
                yaml_to_json(v, out);
            }
            out.push(']');
        }
        Yaml::Hash(h) => {
            out.push('{');
            for (k, (key, v)) in h.iter().enumerate() {
                if k > 0 {
                    out.push(',');
                }
                json_str(&key_text(key), out);
                out.push(':');
                yaml_to_json(v, out);
            }
            out.push('}');
        }
    }
}

/// A YAML float as JSON: its text when JSON accepts it, else the value.
fn real_json(s: &str) -> String {
    let t = s.strip_prefix('+').unwrap_or(s);
    let json_ok = {
        let b = t.strip_prefix('-').unwrap_or(t).as_bytes();
        let leading_zero = b.first() == Some(&b'0') && b.get(1).is_some_and(u8::is_ascii_digit);
        let bad_dot = t.ends_with('.') || t.contains(".e") || t.contains(".E");
        b.first().is_some_and(u8::is_ascii_digit) && !leading_zero && !bad_dot
    };
    if json_ok && read::parse_number(t).is_some() {
        return t.to_string();
    }
    match t.to_ascii_lowercase().as_str() {
        ".inf" => "1.7976931348623157e+308".into(),
        "-.inf" => "-1.7976931348623157e+308".into(),
        ".nan" => "null".into(),
        _ => t.parse::<f64>().map_or_else(|_| "null".into(), super::jq::write::fmt_f64),
    }
}

/// The text of a mapping key (yq keeps scalar keys as written).
fn key_text(k: &Yaml) -> String {
    match k {
        Yaml::String(s) | Yaml::Real(s) => s.clone(),
        Yaml::Integer(i) => i.to_string(),
        Yaml::Boolean(b) => b.to_string(),
        Yaml::Null => "null".into(),
        other => {
            let mut s = String::new();
            yaml_to_json(other, &mut s);
            s
        }
    }
}

fn json_str(s: &str, out: &mut String) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// Whether a plain scalar `s` would read back as something other than this string.
fn needs_quotes(s: &str) -> bool {
    if s.is_empty() || s.trim() != s {
        return true;
    }
    let lower = s.to_ascii_lowercase();
    if matches!(lower.as_str(), "null" | "~" | "true" | "false" | ".inf" | "-.inf" | "+.inf" | ".nan") {
        return true;
    }

    if !matches!(Yaml::from_str(s), Yaml::String(_)) {
        return true;
    }
    let first = s.as_bytes()[0];
    if b"-?:,[]{}#&*!|>'\"%@`".contains(&first) {
        // `-x` and `:x` are plain only when not followed by a space; keep it simple and quote.
        return !(first == b'-' && s.len() > 1 && s.as_bytes()[1] != b' ' && !s.starts_with("---"));
    }
    s.contains(": ") || s.contains(" #") || s.ends_with(':') || s.chars().any(|c| c.is_control() && c != '\t')
}

/// Whether a string value needs quotes: [`needs_quotes`], and YAML 1.1's boolean words, which
/// yq's encoder (yaml.v3) quotes so that 1.1 readers (Kubernetes, Ansible) keep them strings.
/// yq keeps a plain `yes` it read plain; kitsh does not keep the input's style, so it quotes
/// such values always (a reader gets the same string either way). Keys are left plain (`y:`).
fn value_needs_quotes(s: &str) -> bool {
    needs_quotes(s) || matches!(s.to_ascii_lowercase().as_str(), "yes" | "no" | "on" | "off")
}

fn quoted(s: &str) -> String {
    let mut out = String::new();
    json_str(s, &mut out);
    out
}

/// The YAML writer (block style, yq's layout: two-space indent, sequences indented under keys).
struct Yaml2<'a> {
    indent: usize,
    out: &'a mut String,
}

impl Yaml2<'_> {
    fn scalar(&mut self, v: &Val) -> Option<String> {
        Some(match v {
            Val::Null => "null".into(),
            Val::Bool(b) => b.to_string(),
            Val::Num(n) => fmt_num(n),
            Val::TStr(s) | Val::BStr(s) => {
                let s = String::from_utf8_lossy(s);
                if value_needs_quotes(&s) {
                    quoted(&s)
                } else {
                    s.into_owned()
                }
            }
            Val::Arr(a) if a.is_empty() => "[]".into(),
            Val::Obj(o) if o.is_empty() => "{}".into(),
            _ => return None,
        })
    }

    /// A string with newlines as a literal block (`|` / `|-`), when that reads back exactly.
    fn block(&mut self, v: &Val, level: usize) -> Option<String> {
        let (Val::TStr(s) | Val::BStr(s)) = v else { return None };
        let s = std::str::from_utf8(s).ok()?;
        let body = s.strip_suffix('\n').unwrap_or(s);
        if !s.contains('\n') || body.ends_with('\n') || body.starts_with(' ') || body.lines().any(|l| l.ends_with(' ')) || s.chars().any(|c| c.is_control() && c != '\n' && c != '\t') {
            return None;
        }
        let pad = " ".repeat(self.indent * level.max(1));
        let mut t = String::from(if s.ends_with('\n') { "|" } else { "|-" });
        for l in body.split('\n') {
            t.push('\n');
            if !l.is_empty() {
                t.push_str(&pad);
                t.push_str(l);
            }
        }
        Some(t)
    }

    /// Start a mapping entry or sequence item: the first one after `- ` stays on that line,
    /// the first one after `key:` starts a new line; the others start at `indent`.
    fn entry_start(&mut self, first: bool, after: After, indent: &str) {
        if first && after == After::Dash {
            self.out.push(' ');
            return;
        }
        if first && after == After::Key {
            self.out.push('\n');
        }
        self.out.push_str(indent);
    }

    /// Write `v` as the value at nesting `level`, after `key:` or `- ` (`inline`) or alone.
    fn value(&mut self, v: &Val, level: usize, after: After) {
        if level > MAX_DEPTH {
            if after != After::Top {
                self.out.push(' ');
            }
            self.out.push_str("\"<skipped: too deep>\"\n");
            return;
        }
        if let Some(b) = self.block(v, level) {
            if after != After::Top {
                self.out.push(' ');
            }
            self.out.push_str(&b);
            self.out.push('\n');
            return;
        }
        if let Some(s) = self.scalar(v) {
            if after != After::Top {
                self.out.push(' ');
            }
            self.out.push_str(&s);
            self.out.push('\n');
            return;
        }
        let pad = |n: usize| " ".repeat(n);
        match v {
            Val::Obj(o) => {
                let mut first = true;
                for (k, val) in o.iter() {
                    let key = match k {
                        Val::TStr(s) | Val::BStr(s) => String::from_utf8_lossy(s).into_owned(),
                        other => other.to_string(),
                    };
                    let key = if needs_quotes(&key) { quoted(&key) } else { key };
                    self.entry_start(first, after, &pad(self.indent * level));
                    first = false;
                    self.out.push_str(&key);
                    self.out.push(':');
                    self.value(val, level + 1, After::Key);
                }
            }
            Val::Arr(a) => {
                let mut first = true;
                for item in a.iter() {
                    self.entry_start(first, after, &pad(self.indent * level));
                    first = false;
                    self.out.push('-');
                    self.value(item, level + 1, After::Dash);
                }
            }
            _ => {}
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum After {
    Top,
    Key,
    Dash,
}

fn to_yaml(v: &Val, indent: usize, unwrap: bool) -> String {
    let mut out = String::new();
    if unwrap {
        if let Val::TStr(s) | Val::BStr(s) = v {
            out.push_str(&String::from_utf8_lossy(s));
            out.push('\n');
            return out;
        }
    }
    let mut w = Yaml2 { indent: indent.max(1), out: &mut out };
    w.value(v, 0, After::Top);
    out
}

fn props(v: &Val, path: &mut Vec<String>, out: &mut String) {
    match v {
        Val::Obj(o) if !o.is_empty() => {
            for (k, val) in o.iter() {
                path.push(match k {
                    Val::TStr(s) | Val::BStr(s) => String::from_utf8_lossy(s).into_owned(),
                    other => other.to_string(),
                });
                props(val, path, out);
                path.pop();
            }
        }
        Val::Arr(a) if !a.is_empty() => {
            for (i, val) in a.iter().enumerate() {
                path.push(i.to_string());
                props(val, path, out);
                path.pop();
            }
        }
        _ => {
            let text = match v {
                Val::TStr(s) | Val::BStr(s) => String::from_utf8_lossy(s).into_owned(),
                Val::Null => String::new(),
                Val::Arr(_) => "[]".into(),
                Val::Obj(_) => "{}".into(),
                other => {
                    let mut b = Vec::new();
                    write_val(&mut b, &Format::default(), other);
                    String::from_utf8_lossy(&b).into_owned()
                }
            };
            let _ = writeln!(out, "{} = {text}", path.join("."));
        }
    }
}

/// Render one result.
fn render(v: &Val, o: &Opts, fmt: OutFmt) -> String {
    match fmt {
        OutFmt::Yaml => to_yaml(v, o.indent, o.unwrap.unwrap_or(true)),
        OutFmt::Json => {
            if o.unwrap == Some(true) {
                if let Val::TStr(s) | Val::BStr(s) = v {
                    return format!("{}\n", String::from_utf8_lossy(s));
                }
            }
            let f = Format { indent: " ".repeat(o.indent), ..Format::default() };
            let mut b = Vec::new();
            write_val(&mut b, &f, v);
            b.push(b'\n');
            String::from_utf8_lossy(&b).into_owned()
        }
        OutFmt::Props => {
            let mut out = String::new();
            props(v, &mut Vec::new(), &mut out);
            out
        }
    }
}

/// yq's `env(NAME)` and `strenv(NAME)` as jq's `$ENV.NAME`.
fn rewrite_env(expr: &str) -> String {
    let mut out = String::with_capacity(expr.len());
    let mut rest = expr;
    while let Some(p) = rest.find("env(") {
        let before = &rest[..p];
        let (prefix, is_str) = match before.strip_suffix("str") {
            Some(p) => (p, true),
            None => (before, false),
        };
        let word_before = prefix.chars().last().is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '$' || c == '@');
        let after = &rest[p + 4..];
        let close = after.find(')');
        match close {
            Some(c) if !word_before && after[..c].chars().all(|ch| ch.is_alphanumeric() || ch == '_') && !after[..c].is_empty() => {
                out.push_str(prefix);
                let name = &after[..c];
                if is_str {
                    let _ = write!(out, "($ENV.{name} // \"\")");
                } else {
                    let _ = write!(out, "($ENV.{name} | if . == null then null else (try fromjson catch .) end)");
                }
                rest = &after[c + 1..];
            }
            _ => {
                out.push_str(&rest[..p + 4]);
                rest = &rest[p + 4..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// `. as $x ireduce (...)` at the start of an `eval-all` expression: jq's
/// `reduce .[] as $x (...)` over the array of all documents.
fn all_docs_reduce(expr: &str) -> Option<String> {
    let t = expr.trim_start().strip_prefix('.')?.trim_start().strip_prefix("as")?;
    if !t.starts_with(char::is_whitespace) {
        return None;
    }
    let t = t.trim_start().strip_prefix('$')?;
    let name_len = t.find(|c: char| !(c.is_alphanumeric() || c == '_')).unwrap_or(t.len());
    let (name, rest) = t.split_at(name_len);
    let rest = rest.trim_start().strip_prefix("ireduce")?;
    (!name.is_empty()).then(|| format!("reduce .[] as ${name} {}", rest.trim_start()))
}

/// yq's `TERM as $x ireduce (INIT; UPDATE)` as jq's `reduce TERM as $x (INIT; UPDATE)`, for a
/// path term (`.[]`, `.a[]`, `.a.b[]`) right before `as`.
fn rewrite_ireduce(expr: &str) -> String {
    let mut out = expr.to_string();
    while let Some(p) = out.find(" ireduce") {
        let before = &out[..p];
        let Some(as_pos) = before.rfind(" as $") else { break };
        let term_end = as_pos;
        let term_start = before[..term_end]
            .rfind(|c: char| !(c.is_alphanumeric() || matches!(c, '.' | '[' | ']' | '_' | '"')))
            .map_or(0, |i| i + 1);
        let term = before[term_start..term_end].to_string();
        if !term.starts_with('.') {
            break;
        }
        let var = before[as_pos + 4..].to_string();
        out = format!("{}reduce {term} as {var}{}", &out[..term_start], &out[p + 8..]);
    }
    out
}

/// yq's `keys` keeps the document's key order: jq's `keys_unsorted`.
fn rewrite_keys(expr: &str) -> String {
    let b = expr.as_bytes();
    let mut out = String::with_capacity(expr.len() + 16);
    let mut last = 0;
    let mut in_str = false;
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'\\' if in_str => i += 1,
            b'"' => in_str = !in_str,
            b'k' if !in_str && expr[i..].starts_with("keys") => {
                let before = if i == 0 { b' ' } else { b[i - 1] };
                let after = b.get(i + 4).copied().unwrap_or(b' ');
                let word = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
                if !word(before) && before != b'.' && before != b'$' && !word(after) {
                    out.push_str(&expr[last..i]);
                    out.push_str("keys_unsorted");
                    last = i + 4;
                }
            }
            _ => {}
        }
        i += 1;
    }
    out.push_str(&expr[last..]);
    out
}

fn fail(ctx: &mut Ctx<'_>, msg: &str) -> i32 {
    let _ = writeln!(ctx.stderr, "Error: {msg}");
    1
}

/// Read and parse every document of `name` (`-`: stdin).
fn load(ctx: &mut Ctx<'_>, name: &str) -> Result<Vec<Val>, String> {
    let data = match ctx.read_input(name) {
        Ok(d) => d,
        Err(crate::fs::FsError::IsDir) => return Err(format!("read {name}: is a directory")),
        Err(crate::fs::FsError::NotFound) => return Err(format!("open {name}: no such file or directory")),
        Err(e) => return Err(format!("open {name}: {}", e.to_string().to_lowercase())),
    };
    if data.len() > MAX_INPUT {
        return Err(format!("bad file '{name}': input too large"));
    }
    let text = String::from_utf8_lossy(&data);
    check_expansion(&text).map_err(|e| format!("bad file '{name}': {e}"))?;
    let docs = YamlLoader::load_from_str(&text).map_err(|e| format!("bad file '{name}': yaml: {e}"))?;
    let mut vals = Vec::with_capacity(docs.len());
    for d in &docs {
        let mut json = String::new();
        yaml_to_json(d, &mut json);
        vals.push(read::parse_single(json.as_bytes()).map_err(|e| format!("bad file '{name}': {e}"))?);
    }
    Ok(vals)
}

/// Stack for a run: documents are converted and written recursively (the YAML parser stops at
/// a few hundred levels, but expressions can build deeper values).
const STACK: usize = 256 << 20;
/// Deepest value written as YAML (jq prints nothing deeper than 10 000 levels either).
const MAX_DEPTH: usize = 10_000;

impl Builtin for Yq {
    fn run(&self, ctx: &mut Ctx<'_>, argv: &[String]) -> i32 {
        stacker::grow(STACK, || run(ctx, argv))
    }
}

fn run(ctx: &mut Ctx<'_>, argv: &[String]) -> i32 {
    let o = match parse(argv) {
        Ok(Ok(o)) => o,
        Ok(Err(-1)) => {
            let _ = writeln!(ctx.stdout, "{USAGE}");
            return 0;
        }
        Ok(Err(_)) => {
            let _ = writeln!(ctx.stdout, "yq (https://github.com/mikefarah/yq/) version v4.44.3 (kitsh)");
            return 0;
        }
        Err(m) => return fail(ctx, &m),
    };
    let (expr, files) = match (&o.expr, o.files.is_empty()) {
        // A single operand that names a file is the file, with the expression `.`.
        (Some(e), true) if !o.null_input && ctx.fs.stat(&ctx.abs_path(e)).is_ok_and(|m| m.file_type == crate::fs::FileType::File) => {
            (".".to_string(), vec![e.clone()])
        }
        (Some(e), _) => (e.clone(), o.files.clone()),
        (None, _) => (".".to_string(), Vec::new()),
    };
    let expr = if expr.trim().is_empty() { ".".to_string() } else { rewrite_keys(&rewrite_env(&expr)) };
    let fmt = o.out.unwrap_or(OutFmt::Yaml);
    if o.inplace && files.is_empty() {
        return fail(ctx, "write inplace flag only applicable when giving an expression and at least one file");
    }
    // The documents, grouped by file.
    let mut groups: Vec<(String, Vec<Val>)> = Vec::new();
    if o.null_input {
        groups.push((String::new(), vec![Val::Null]));
    } else if files.is_empty() {
        match load(ctx, "-") {
            Ok(v) => groups.push(("-".into(), v)),
            Err(m) => return fail(ctx, &m),
        }
    } else {
        for f in &files {
            match load(ctx, f) {
                Ok(v) => groups.push((f.clone(), v)),
                Err(m) => return fail(ctx, &m),
            }
        }
    }
    // `eval-all` with yq's merge idiom `. as $x ireduce (INIT; UPDATE)`: one run over the
    // documents of every file, as jq's `reduce .[] as $x (INIT; UPDATE)` on their array.
    let expr = match (o.all, all_docs_reduce(&expr)) {
        (true, Some(e)) => {
            let docs: Vec<Val> = groups.drain(..).flat_map(|(_, d)| d).collect();
            groups.push((files.first().cloned().unwrap_or_else(|| "-".into()), vec![Val::Arr(docs.into())]));
            e
        }
        _ => rewrite_ireduce(&expr),
    };
    let mut rendered: Vec<(String, Vec<String>)> = Vec::new();
    let mut last: Option<bool> = None;
    let mut error = None;
    for (name, docs) in groups {
        let n = docs.len();
        let (results, err) = match eval_values(ctx, &expr, docs) {
            Ok(r) => (r, None),
            Err((r, e)) => (r, Some(e)),
        };
        let mut per_doc = Vec::new();
        for outs in results.iter() {
            let mut text = String::new();
            for v in outs {
                last = Some(!matches!(v, Val::Null | Val::Bool(false)));
                text.push_str(&render(v, &o, fmt));
            }
            per_doc.push(text);
        }
        let _ = n;
        rendered.push((name, per_doc));
        if err.is_some() {
            error = err;
            break;
        }
    }
    if o.inplace {
        if error.is_none() {
            // yq rewrites the first file given.
            for (name, docs) in rendered.iter().take(1) {
                let sep = if fmt == OutFmt::Yaml { "---\n" } else { "" };
                let body = docs.join(sep);
                if let Err(e) = ctx.fs.write_file(&ctx.abs_path(name), body.as_bytes(), WriteMode::Truncate) {
                    return fail(ctx, &format!("open {name}: {}", e.to_string().to_lowercase()));
                }
            }
        }
    } else {
        let mut out = String::new();
        let mut printed_any = false;
        for (_, docs) in &rendered {
            for d in docs {
                if d.is_empty() {
                    continue;
                }
                if printed_any && fmt == OutFmt::Yaml && !o.no_doc {
                    out.push_str("---\n");
                }
                out.push_str(d);
                printed_any = true;
            }
        }
        if let Err(e) = ctx.stdout.write_all(out.as_bytes()) {
            return super::status_for_write_error(&e);
        }
    }
    match error {
        Some(EvalError::Compile(msgs)) => {
            let msg = msgs.first().cloned().unwrap_or_else(|| "invalid expression".into());
            fail(ctx, &msg)
        }
        Some(EvalError::Runtime(m)) => fail(ctx, &m),
        Some(EvalError::Halt(st)) => st,
        None => {
            if o.exit_status && last != Some(true) {
                let _ = writeln!(ctx.stderr, "Error: no matches found");
                return 1;
            }
            0
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::builtins::args::testfs::{fs_with, run_env};

    /// Run `yq ARGS` with `f.yaml` holding `yaml`; stdout, stderr, status.
    fn yq(args: &[&str], yaml: &str) -> (String, String, i32) {
        let fs = fs_with(&[("/home/user/f.yaml", yaml.as_bytes())]);
        let mut all: Vec<&str> = args.to_vec();
        all.push("/home/user/f.yaml");
        run_env(&Yq, "yq", &all, &[("HOME", "/home/user"), ("USER", "me")], &*fs)
    }

    fn out(args: &[&str], yaml: &str) -> String {
        yq(args, yaml).0
    }

    // Expected outputs below follow mikefarah yq v4's documentation (operators pages and the
    // usage examples of the README).

    #[test]
    fn reads_paths() {
        assert_eq!(out(&[".a.b"], "a:\n  b: cat\n"), "cat\n");
        assert_eq!(out(&["e", ".a"], "a:\n  b: cat\n"), "b: cat\n");
        assert_eq!(out(&["eval", ".a[1]"], "a: [x, y]\n"), "y\n");
        assert_eq!(out(&[".a[]"], "a:\n  - 1\n  - 2\n"), "1\n2\n");
        assert_eq!(out(&[".missing"], "a: 1\n"), "null\n");
    }

    #[test]
    fn writes_yaml_blocks() {
        let doc = "a:\n  b: 1\n  c:\n    - x\n    - y\nd:\n  - e: 1\n    f: 2\n  - g\n";
        assert_eq!(out(&["."], doc), doc);
        assert_eq!(out(&["-P", "."], "{a: 1, b: [1, 2]}\n"), "a: 1\nb:\n  - 1\n  - 2\n");
        assert_eq!(out(&["."], "a: {}\nb: []\n"), "a: {}\nb: []\n");
        assert_eq!(out(&["-I", "4", "."], "a:\n  b: 1\n"), "a:\n    b: 1\n");
    }

    #[test]
    fn quotes_strings_that_need_it() {
        assert_eq!(out(&["."], "a: \"123\"\nb: \"true\"\nc: \"\"\nd: 'x: y'\n"), "a: \"123\"\nb: \"true\"\nc: \"\"\nd: \"x: y\"\n");
        // Unwrapped scalars print raw; `-r=false` keeps the YAML form.
        assert_eq!(out(&[".a"], "a: \"123\"\n"), "123\n");
        assert_eq!(out(&["-r=false", ".a"], "a: \"123\"\n"), "\"123\"\n");
        assert_eq!(out(&["."], "a: |\n  line1\n  line2\n"), "a: |\n  line1\n  line2\n");
        // YAML 1.1 booleans stay strings for 1.1 readers.
        assert_eq!(out(&[".a.h = \"no\""], "a:\n  b: \"yes\"\n"), "a:\n  b: \"yes\"\n  h: \"no\"\n");
        assert_eq!(out(&["-o", "json", "."], "a: \"on\"\n"), "{\n  \"a\": \"on\"\n}\n");
    }

    #[test]
    fn updates_and_operators() {
        assert_eq!(out(&[".a.b = \"frog\""], "a:\n  b: cat\n"), "a:\n  b: frog\n");
        assert_eq!(out(&[".a |= . + 1"], "a: 1\n"), "a: 2\n");
        assert_eq!(out(&["del(.b)"], "a: 1\nb: 2\n"), "a: 1\n");
        assert_eq!(out(&[".[] | select(.name == \"b\") | .v"], "- name: a\n  v: 1\n- name: b\n  v: 2\n"), "2\n");
        assert_eq!(out(&[".a * .b"], "a: {x: 1, y: {z: 1}}\nb: {y: {w: 2}}\n"), "x: 1\ny:\n  z: 1\n  w: 2\n");
        assert_eq!(out(&["length"], "[1, 2, 3]\n"), "3\n");
    }

    #[test]
    fn keys_keep_document_order() {
        assert_eq!(out(&["keys"], "b: 1\na: 2\n"), "- b\n- a\n");
        assert_eq!(out(&[".keys"], "keys: 1\n"), "1\n");
        assert_eq!(rewrite_keys("to_entries | keys_unsorted, \"keys\""), "to_entries | keys_unsorted, \"keys\"");
    }

    #[test]
    fn ireduce_merges() {
        // yq's documented idiom for merging files.
        let fs = fs_with(&[("/home/user/a.yaml", b"a: 1\nb: {c: 1}\n"), ("/home/user/b.yaml", b"b: {d: 2}\ne: 3\n")]);
        let (o, e, st) = run_env(&Yq, "yq", &["ea", ". as $item ireduce ({}; . * $item)", "/home/user/a.yaml", "/home/user/b.yaml"], &[], &*fs);
        assert_eq!((o.as_str(), e.as_str(), st), ("a: 1\nb:\n  c: 1\n  d: 2\ne: 3\n", "", 0));
        assert_eq!(out(&[".[] as $x ireduce (0; . + $x)"], "[1, 2, 3]\n"), "6\n");
    }

    #[test]
    fn output_formats() {
        assert_eq!(out(&["-o", "json", "."], "a:\n  b: [1, true, null]\n"), "{\n  \"a\": {\n    \"b\": [\n      1,\n      true,\n      null\n    ]\n  }\n}\n");
        assert_eq!(out(&["-o=json", "-I=0", "."], "a: x\n"), "{\"a\":\"x\"}\n");
        assert_eq!(out(&["-oj", ".a"], "a: x\n"), "\"x\"\n");
        assert_eq!(out(&["-o", "json", "-r", ".a"], "a: x\n"), "x\n");
        assert_eq!(out(&["-o", "props", "."], "a:\n  b: apple\n  c: [1, 2]\nd: null\n"), "a.b = apple\na.c.0 = 1\na.c.1 = 2\nd = \n");
    }

    #[test]
    fn multiple_documents() {
        let docs = "a: 1\n---\na: 2\n";
        assert_eq!(out(&[".a"], docs), "1\n---\n2\n");
        assert_eq!(out(&["ea", "."], docs), "a: 1\n---\na: 2\n");
        assert_eq!(out(&["-N", ".a"], docs), "1\n2\n");
        assert_eq!(out(&["select(.a == 2)"], docs), "a: 2\n");
    }

    #[test]
    fn null_input_and_env() {
        let fs = fs_with(&[]);
        let (o, _, st) = run_env(&Yq, "yq", &["-n", ".a.b = 1"], &[], &*fs);
        assert_eq!((o.as_str(), st), ("a:\n  b: 1\n", 0));
        let (o, _, _) = run_env(&Yq, "yq", &["-n", ".user = strenv(USER)"], &[("USER", "me")], &*fs);
        assert_eq!(o, "user: me\n");
        let (o, _, _) = run_env(&Yq, "yq", &["-n", ".n = env(N)"], &[("N", "3")], &*fs);
        assert_eq!(o, "n: 3\n");
    }

    #[test]
    fn in_place() {
        let fs = fs_with(&[("/home/user/f.yaml", b"a:\n  b: cat\n")]);
        let (o, e, st) = run_env(&Yq, "yq", &["-i", ".a.b = \"dog\"", "/home/user/f.yaml"], &[], &*fs);
        assert_eq!((o.as_str(), e.as_str(), st), ("", "", 0));
        assert_eq!(crate::fs::FileSystem::read_file(&*fs, "/home/user/f.yaml").ok().as_deref(), Some(&b"a:\n  b: dog\n"[..]));
    }

    #[test]
    fn errors() {
        let fs = fs_with(&[]);
        let (_, e, st) = run_env(&Yq, "yq", &[".", "/nope.yaml"], &[], &*fs);
        assert_eq!((e.as_str(), st), ("Error: open /nope.yaml: no such file or directory\n", 1));
        let (_, e, st) = run_env(&Yq, "yq", &["-z"], &[], &*fs);
        assert_eq!((e.as_str(), st), ("Error: unknown shorthand flag: 'z' in -z\n", 1));
        let (_, e, st) = yq(&["."], "a: [1\n");
        assert!(e.starts_with("Error: bad file"), "{e}");
        assert_eq!(st, 1);
        let (_, _, st) = yq(&["-e", ".missing"], "a: 1\n");
        assert_eq!(st, 1);
        let (_, e, st) = run_env(&Yq, "yq", &["-i", ".a = 1"], &[], &*fs);
        assert_eq!(st, 1, "{e}");
    }

    #[test]
    fn functions_and_deep_values_run() {
        let fs = fs_with(&[]);
        let (o, e, st) = run_env(&Yq, "yq", &["-n", "reduce range(3) as $x (1; [.])"], &[], &*fs);
        assert_eq!((o.as_str(), e.as_str(), st), ("- - - 1\n", "", 0));
        let (o, _, st) = run_env(&Yq, "yq", &["-n", "reduce range(20000) as $x (null; [.]) | length"], &[], &*fs);
        assert_eq!((o.as_str(), st), ("1\n", 0));
    }

    #[test]
    fn alias_bombs_are_refused() {
        let mut doc = String::from("a: &a [x, x, x, x, x, x, x, x, x, x]\n");
        for i in 0..8 {
            let prev = if i == 0 { "a".to_string() } else { format!("l{}", i - 1) };
            doc.push_str(&format!("l{i}: &l{i} [*{prev}, *{prev}, *{prev}, *{prev}, *{prev}, *{prev}, *{prev}, *{prev}, *{prev}, *{prev}]\n"));
        }
        let (_, e, st) = yq(&["."], &doc);
        assert_eq!(st, 1);
        assert!(e.contains("too many nodes"), "{e}");
    }
}
