//! `yq`: the common subset of mikefarah yq v4's command line: `yq [eval|e|eval-all|ea] [FLAGS]
//! [EXPRESSION] [FILE|-]...` (the first operand is the expression unless it names a file), YAML
//! and JSON input (`-p`, else from the first file's extension) with `---` multi-document
//! streams, output as YAML (default), JSON (`-o json`, `-j`; the default for a `.json` file) or
//! properties (`-o props`), `-r` (unwrap scalars; on by default for YAML output), `-P`, `-I N`,
//! `-i` (rewrite the first file), `-n`, `-e`, `-N`, `-0`, `-s` (a file per result, `split.rs`),
//! `--expression`, `--from-file`, `--string-interpolation`.
//!
//! Documents are converted to JSON values and the expression, translated by `expr.rs`, runs on
//! kitsh's jq engine ([`super::jq::eval_values_with`]) with yq's operators defined on top
//! (`expr::PRELUDE`) and `$__yq` holding each document's index, file index and file name.
//! Comments, anchors, tags and flow style of the input are not kept (values are), and yq's
//! comment, style, date-time and file operators are unknown. `eval-all` runs the expression on
//! each document of every file in turn, except yq's merge idiom `. as $x ireduce (...)`, which
//! reduces over all documents of all files.

use std::fmt::Write as _;

use crate::builtins::jq::json::Val;
use yaml_rust2::{Yaml, YamlLoader};

use super::jq::write::{fmt_num, write_val, Format};
use super::jq::{eval_values_with, read, Dialect, EvalError};
use super::{Builtin, Ctx};
use crate::fs::WriteMode;

mod escape;
mod expr;
mod source;
mod split;
mod traverse;

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
  -s, --split-exp string      print each result (or doc) into a file named (exp). [exp] argument must return a string. You can use $index in the expression as the result counter. The necessary directories will be created.
      --split-exp-file string Use a file to specify the split-exp expression.
      --string-interpolation  Toggles strings interpolation of \\(exp) (default true)
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
    /// `-p`: `Some(true)` JSON, `Some(false)` YAML, `None` from the first file's name.
    json_in: Option<bool>,
    /// `--expression`, or the text of `--from-file`.
    forced_expr: Option<String>,
    from_file: Option<String>,
    /// `-s`: the expression naming each result's file, or the file holding it.
    split_exp: Option<String>,
    split_exp_file: Option<String>,
    /// `--string-interpolation` (on by default): `\(...)` in string literals.
    interpolation: bool,
    nul: bool,
    props_sep: String,
    props_brackets: bool,
    unwrap: Option<bool>,
    inplace: bool,
    null_input: bool,
    indent: usize,
    exit_status: bool,
    no_doc: bool,
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

/// `-p FORMAT`: JSON (`Some(true)`), YAML (`Some(false)`) or from the file name (`None`).
fn in_format(v: &str) -> Result<Option<bool>, String> {
    match v {
        "auto" | "a" => Ok(None),
        "yaml" | "y" | "yml" => Ok(Some(false)),
        "json" | "j" | "ndjson" => Ok(Some(true)),
        _ if OTHER_FORMATS.contains(&v) => Err(format!("no support for {v} input format (kitsh's yq reads YAML and JSON)")),
        _ => Err(format!("unknown format '{v}' not supported")),
    }
}

/// yq's other formats (and their short names), which kitsh does not read.
const OTHER_FORMATS: &[&str] = &["xml", "x", "csv", "c", "tsv", "t", "props", "p", "properties", "toml", "hcl", "h", "tf", "lua", "l", "base64", "uri", "kyaml", "ky", "shell", "s", "sh"];

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
        json_in: None,
        forced_expr: None,
        from_file: None,
        split_exp: None,
        split_exp_file: None,
        interpolation: true,
        nul: false,
        props_sep: " = ".into(),
        props_brackets: false,
        unwrap: None,
        inplace: false,
        null_input: false,
        indent: 2,
        exit_status: false,
        no_doc: false,
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
                "input-format" => o.json_in = in_format(&need(&mut i)?)?,
                "expression" => o.forced_expr = Some(need(&mut i)?),
                "from-file" => o.from_file = Some(need(&mut i)?),
                "split-exp" => o.split_exp = Some(need(&mut i)?),
                "split-exp-file" => o.split_exp_file = Some(need(&mut i)?),
                "string-interpolation" => {
                    o.interpolation = match val.as_deref() {
                        None => true,
                        Some(v) => parse_bool(v).ok_or_else(|| format!("invalid argument \"{v}\" for \"--string-interpolation\" flag: strconv.ParseBool: parsing \"{v}\": invalid syntax"))?,
                    }
                }
                "nul-output" => o.nul = true,
                "properties-separator" => o.props_sep = need(&mut i)?,
                "properties-array-brackets" => o.props_brackets = true,
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
                'p' => o.json_in = in_format(&value(&mut i, &mut k)?)?,
                's' => o.split_exp = Some(value(&mut i, &mut k)?),
                '0' => o.nul = true,
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
    o.files = pos;
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

pub(super) fn json_str(s: &str, out: &mut String) {
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
/// The words are yaml.v3's (`y`, `Yes`, `OFF`, ..., not `yEs`).
fn value_needs_quotes(s: &str) -> bool {
    needs_quotes(s) || matches!(s, "y" | "Y" | "yes" | "Yes" | "YES" | "on" | "On" | "ON" | "n" | "N" | "no" | "No" | "NO" | "off" | "Off" | "OFF")
}

fn quoted(s: &str) -> String {
    escape::double_quoted(s)
}

/// The YAML writer (block style, yq's layout: two-space indent, sequences indented under keys).
struct Yaml2<'a> {
    indent: usize,
    /// Key texts the input held as numbers, booleans or null: written plain, as yq keeps them.
    plain_keys: &'a std::collections::HashSet<String>,
    out: &'a mut String,
}

impl Yaml2<'_> {
    fn scalar(&mut self, v: &Val) -> Option<String> {
        Some(match v {
            Val::Null => "null".into(),
            Val::Bool(b) => b.to_string(),
            // yq prints Go's spellings of the float specials.
            Val::Num(crate::builtins::jq::json::Num::Float(f)) if f.is_nan() => "NaN".into(),
            Val::Num(crate::builtins::jq::json::Num::Float(f)) if f.is_infinite() => if *f > 0.0 { "+Inf" } else { "-Inf" }.into(),
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
                    let key = if needs_quotes(&key) && !self.plain_keys.contains(&key) { quoted(&key) } else { key };
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

fn to_yaml(v: &Val, indent: usize, unwrap: bool, plain_keys: &std::collections::HashSet<String>) -> String {
    let mut out = String::new();
    if unwrap {
        if let Val::TStr(s) | Val::BStr(s) = v {
            out.push_str(&String::from_utf8_lossy(s));
            out.push('\n');
            return out;
        }
    }
    let mut w = Yaml2 { indent: indent.max(1), plain_keys, out: &mut out };
    w.value(v, 0, After::Top);
    out
}

/// yq's properties output: one `path = value` line per scalar (empty maps and sequences have
/// none); `-r=false` quotes values with spaces.
fn props(v: &Val, o: &Opts, path: &str, out: &mut String) {
    let join = |key: &str, index: bool| {
        if path.is_empty() {
            key.to_string()
        } else if index && o.props_brackets {
            format!("{path}[{key}]")
        } else {
            format!("{path}.{key}")
        }
    };
    match v {
        Val::Obj(m) => {
            for (k, val) in m.iter() {
                let key = match k {
                    Val::TStr(s) | Val::BStr(s) => String::from_utf8_lossy(s).into_owned(),
                    other => other.to_string(),
                };
                props(val, o, &join(&key, false), out);
            }
        }
        Val::Arr(a) => {
            for (i, val) in a.iter().enumerate() {
                props(val, o, &join(&i.to_string(), true), out);
            }
        }
        _ => {
            let text = match v {
                Val::TStr(s) | Val::BStr(s) => String::from_utf8_lossy(s).into_owned(),
                Val::Null => String::new(),
                other => {
                    let mut b = Vec::new();
                    write_val(&mut b, &Format::default(), other);
                    String::from_utf8_lossy(&b).into_owned()
                }
            };
            let text = if o.unwrap == Some(false) && text.contains(' ') { quoted(&text) } else { text };
            if path.is_empty() {
                let _ = writeln!(out, "{text}");
            } else {
                let _ = writeln!(out, "{path}{}{text}", o.props_sep);
            }
        }
    }
}

/// Render one result.
fn render(v: &Val, o: &Opts, fmt: OutFmt, plain_keys: &std::collections::HashSet<String>) -> String {
    match fmt {
        OutFmt::Yaml => to_yaml(v, o.indent, o.unwrap.unwrap_or(true), plain_keys),
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
            props(v, o, "", &mut out);
            out
        }
    }
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

fn fail(ctx: &mut Ctx<'_>, msg: &str) -> i32 {
    // An empty message: the script was cancelled while yq read (the shell reports why).
    if !msg.is_empty() {
        let _ = writeln!(ctx.stderr, "Error: {msg}");
    }
    1
}

/// The documents of one input: their values, and whether the first one was preceded by a
/// `---` line (yq prints it again before that document).
struct Loaded {
    docs: Vec<Val>,
    leading_separator: bool,
    /// The texts of mapping keys that were numbers, booleans or null (see [`Yaml2`]).
    plain_keys: std::collections::HashSet<String>,
}

/// Collect the texts of the keys of `y` that are not strings (`200:`, `true:`).
fn non_string_keys(y: &Yaml, out: &mut std::collections::HashSet<String>) {
    match y {
        Yaml::Array(a) => a.iter().for_each(|v| non_string_keys(v, out)),
        Yaml::Hash(h) => {
            for (k, v) in h {
                if matches!(k, Yaml::Integer(_) | Yaml::Real(_) | Yaml::Boolean(_) | Yaml::Null) {
                    out.insert(key_text(k));
                }
                non_string_keys(v, out);
            }
        }
        _ => {}
    }
}

/// Read and parse every document of `name` (`-`: stdin), as JSON values (`json`) or YAML.
fn load(ctx: &mut Ctx<'_>, name: &str, json: bool) -> Result<Loaded, String> {
    let data = match ctx.read_input(name) {
        Ok(d) => d,
        Err(crate::fs::FsError::IsDir) => return Err(format!("read {name}: is a directory")),
        Err(crate::fs::FsError::NotFound) => return Err(format!("open {name}: no such file or directory")),
        Err(crate::fs::FsError::Interrupted) => return Err(String::new()),
        Err(e) => return Err(format!("open {name}: {}", e.to_string().to_lowercase())),
    };
    if data.len() > MAX_INPUT {
        return Err(format!("bad file '{name}': input too large"));
    }
    if json {
        // A stream of JSON values (NDJSON, or values one after another).
        let mut r = read::Reader::from_slice(&data);
        let mut docs = Vec::new();
        loop {
            match r.next_value() {
                Ok(Some(v)) => docs.push(v),
                Ok(None) => break,
                Err(read::ReadError::Parse(e)) => return Err(format!("bad file '{name}': {e}")),
                Err(read::ReadError::Io(e)) => return Err(format!("bad file '{name}': {e}")),
            }
        }
        return Ok(Loaded { docs, leading_separator: false, plain_keys: Default::default() });
    }
    let text = String::from_utf8_lossy(&data);
    check_expansion(&text).map_err(|e| format!("bad file '{name}': {e}"))?;
    let docs = YamlLoader::load_from_str(&text).map_err(|e| format!("bad file '{name}': yaml: {e}"))?;
    let mut vals = Vec::with_capacity(docs.len());
    let mut plain_keys = std::collections::HashSet::new();
    for d in &docs {
        non_string_keys(d, &mut plain_keys);
        let mut json = String::new();
        yaml_to_json(d, &mut json);
        vals.push(read::parse_single(json.as_bytes()).map_err(|e| format!("bad file '{name}': {e}"))?);
    }
    let leading_separator = text.lines().map(str::trim_end).find(|l| !l.is_empty() && !l.starts_with('#') && !l.starts_with('%')).is_some_and(|l| l == "---" || l.starts_with("--- "));
    Ok(Loaded { docs: vals, leading_separator, plain_keys })
}

/// A YAML text (an environment variable's value for yq's `env`) as a jq literal: the value
/// its first document holds, or the text as a string when it is not YAML.
pub(super) fn yaml_text_to_jq(text: &str) -> String {
    match YamlLoader::load_from_str(text) {
        Ok(docs) if docs.len() == 1 && check_expansion(text).is_ok() => {
            let mut json = String::new();
            yaml_to_json(&docs[0], &mut json);
            json
        }
        _ => {
            let mut s = String::new();
            json_str(text, &mut s);
            s
        }
    }
}

/// The value of a JSON string literal.
pub(super) fn jq_string(text: &str) -> Option<String> {
    match read::parse_single(text.as_bytes()) {
        Ok(Val::TStr(s) | Val::BStr(s)) => Some(String::from_utf8_lossy(&s).into_owned()),
        _ => None,
    }
}

/// Stack for a run: documents are converted and written recursively (the YAML parser stops at
/// a few hundred levels, but expressions can build deeper values).
const STACK: usize = 256 << 20;
/// Deepest value written as YAML (jq prints nothing deeper than 10 000 levels either).
const MAX_DEPTH: usize = 10_000;

static DEFS: std::sync::LazyLock<Vec<jaq_core::load::parse::Def<&'static str>>> = std::sync::LazyLock::new(|| super::jq::parse_defs(expr::PRELUDE));
static DIALECT: Dialect = Dialect { defs: &DEFS, var: "$__yq" };

impl Builtin for Yq {
    fn run(&self, ctx: &mut Ctx<'_>, argv: &[String]) -> i32 {
        stacker::grow(STACK, || run(ctx, argv))
    }
}

fn is_file(ctx: &Ctx<'_>, name: &str) -> bool {
    ctx.fs.stat(&ctx.abs_path(name)).is_ok_and(|m| m.file_type != crate::fs::FileType::Dir)
}

/// The format yq takes from a file name's extension: `Some(true)` JSON, `Some(false)` YAML;
/// `Err` for yq's other formats, which kitsh does not read.
fn format_of(name: &str) -> Result<bool, String> {
    let base = name.rsplit('/').next().unwrap_or(name);
    let Some((_, ext)) = base.rsplit_once('.') else { return Ok(false) };
    let ext = ext.to_ascii_lowercase();
    match ext.as_str() {
        "json" | "j" | "ndjson" => Ok(true),
        e if OTHER_FORMATS.contains(&e) && !base.starts_with('.') => Err(format!("no support for {e} input format (kitsh's yq reads YAML and JSON; -p yaml reads {name} as YAML)")),
        _ => Ok(false),
    }
}

fn run(ctx: &mut Ctx<'_>, argv: &[String]) -> i32 {
    let mut o = match parse(argv) {
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
    // yq's processArgs: the first operand is the expression unless it is `-` or names a file
    // (a `.yq` file is an expression file).
    let mut files = std::mem::take(&mut o.files);
    let mut expr = o.forced_expr.clone();
    let mut expr_file = o.from_file.clone();
    if expr.is_none() && expr_file.is_none() && files.first().is_some_and(|f| f.ends_with(".yq") && is_file(ctx, f)) {
        expr_file = Some(files.remove(0));
    }
    if let Some(f) = &expr_file {
        match ctx.read_input(f) {
            Ok(b) => expr = Some(String::from_utf8_lossy(&b).replace("\r\n", "\n")),
            Err(_) => return fail(ctx, &format!("open {f}: no such file or directory")),
        }
    }
    if expr.is_none() && files.first().is_some_and(|f| f != "-" && !is_file(ctx, f)) {
        expr = Some(files.remove(0));
    }
    if let Some(f) = &o.split_exp_file {
        match ctx.read_input(f) {
            Ok(b) => o.split_exp = Some(String::from_utf8_lossy(&b).into_owned()),
            Err(_) => return fail(ctx, &format!("open {f}: no such file or directory")),
        }
    }
    // yq's checks, in its order.
    if o.inplace && files.first().is_none_or(|f| f == "-") {
        return fail(ctx, "write in place flag only applicable when giving an expression and at least one file");
    }
    if o.inplace && o.split_exp.is_some() {
        return fail(ctx, "write in place cannot be used with split file");
    }
    if o.null_input && !files.is_empty() {
        return fail(ctx, "cannot pass files in when using null-input flag");
    }
    let expr = expr.filter(|e| !e.trim().is_empty()).unwrap_or_else(|| ".".to_string());
    // Without interpolation `\(` in a string literal is text.
    let expr = if o.interpolation { expr } else { source::literal_parens(&expr) };
    // Formats: `-p`, else the first file's extension; output `auto` follows a file's format.
    let json_in = match o.json_in {
        Some(j) => j,
        None => match files.first().map(|f| format_of(f)) {
            Some(Ok(j)) => j,
            Some(Err(m)) => return fail(ctx, &m),
            None => false,
        },
    };
    let fmt = o.out.unwrap_or(if json_in && o.json_in.is_none() { OutFmt::Json } else { OutFmt::Yaml });
    if o.unwrap.is_none() && fmt != OutFmt::Json {
        o.unwrap = Some(true);
    }
    // The documents, grouped by file.
    let mut groups: Vec<(String, Loaded)> = Vec::new();
    if o.null_input {
        groups.push((String::new(), Loaded { docs: vec![Val::Null], leading_separator: false, plain_keys: Default::default() }));
    } else {
        if files.is_empty() {
            files.push("-".into());
        }
        for f in &files {
            match load(ctx, f, json_in) {
                Ok(mut l) => {
                    // An empty input is one empty document (which `.` leaves empty).
                    if l.docs.is_empty() && expr.trim() != "." {
                        l.docs.push(Val::Null);
                    }
                    groups.push((f.clone(), l));
                }
                Err(m) => return fail(ctx, &m),
            }
        }
    }
    let plain_keys: std::collections::HashSet<String> = groups.iter().flat_map(|(_, l)| l.plain_keys.iter().cloned()).collect();
    let env = |name: &str| ctx.env.get(name);
    // `eval-all` with yq's merge idiom `. as $x ireduce (INIT; UPDATE)`: one run over the
    // documents of every file, as jq's `reduce .[] as $x (INIT; UPDATE)` on their array.
    let (code, merged) = match (o.all, all_docs_reduce(&expr)) {
        (true, Some(e)) => (expr::translate(&e, &env), true),
        _ => (expr::translate(&expr, &env), false),
    };
    if merged {
        let docs: Vec<Val> = groups.drain(..).flat_map(|(_, l)| l.docs).collect();
        groups.push((files.first().cloned().unwrap_or_else(|| "-".into()), Loaded { docs: vec![Val::Arr(docs.into())], leading_separator: false, plain_keys: Default::default() }));
    }
    let updates = has_update(&expr);
    // After `split_doc` every result is a document of its own.
    let split_docs = source::uses_split_doc(&expr);
    let mut splitter = o.split_exp.as_deref().map(|e| split::Splitter::new(&expr::translate(e, &env), fmt));
    let mut out = String::new();
    let mut printed_any = false;
    let mut last: Option<bool> = None;
    let mut error = None;
    'files: for (fi, (name, loaded)) in groups.into_iter().enumerate() {
        let inputs: Vec<(Val, Val)> = loaded.docs.iter().enumerate().map(|(di, d)| (d.clone(), doc_meta(di, fi, &name, None))).collect();
        let (results, err) = match eval_values_with(ctx, &code, inputs, &DIALECT) {
            Ok(r) => (r, None),
            Err((r, e)) => (r, Some(e)),
        };
        for (di, outs) in results.iter().enumerate() {
            for (k, v) in outs.iter().enumerate() {
                last = Some(!matches!(v, Val::Null | Val::Bool(false)));
                let mut text = render(v, &o, fmt, &plain_keys);
                let mut sep = false;
                if o.nul {
                    if text.ends_with('\n') {
                        text.pop();
                    }
                    if text.contains('\0') {
                        error = Some(EvalError::Runtime("can't serialise value because it contains NUL char and you are using NUL separated output".into()));
                        break 'files;
                    }
                    text.push('\0');
                } else if fmt == OutFmt::Yaml && !o.no_doc {
                    // yq separates the results of different documents; it repeats a leading
                    // `---` of the input before the first document when it prints that
                    // document (or an update of it).
                    let root = fi == 0 && di == 0 && k == 0 && loaded.leading_separator && matches!(v, Val::Obj(_) | Val::Arr(_)) && (updates || loaded.docs.first() == Some(v));
                    sep = (printed_any && (k == 0 || split_docs)) || root;
                }
                printed_any = true;
                match splitter.as_mut() {
                    Some(s) => {
                        if let Err(m) = s.write(ctx, v, (di, fi, &name), sep, &text) {
                            error = Some(EvalError::Runtime(m));
                            break 'files;
                        }
                    }
                    None => {
                        if sep {
                            out.push_str("---\n");
                        }
                        out.push_str(&text);
                    }
                }
            }
        }
        if err.is_some() {
            error = err;
            break;
        }
    }
    if o.inplace {
        if error.is_none() {
            // yq writes everything to the first file given.
            let name = &files[0];
            if let Err(e) = ctx.fs.write_file(&ctx.abs_path(name), out.as_bytes(), WriteMode::Truncate) {
                return fail(ctx, &format!("open {name}: {}", e.to_string().to_lowercase()));
            }
        }
    } else if let Err(e) = ctx.stdout.write_all(out.as_bytes()) {
        return crate::builtins::args::write_failed(ctx, &e);
    }
    match error {
        Some(EvalError::Compile(msgs)) => {
            let msg = msgs.first().cloned().unwrap_or_else(|| "invalid expression".into());
            // jq's message quotes the whole (translated) program after a newline: not yq's.
            fail(ctx, msg.split('\n').next().unwrap_or(&msg))
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

/// `$__yq` for document `di` of file `fi` (`filename`), with `index` for a split name.
fn doc_meta(di: usize, fi: usize, filename: &str, index: Option<usize>) -> Val {
    let mut m = crate::builtins::jq::json::Map::default();
    m.insert(Val::from("di".to_string()), Val::from(di));
    m.insert(Val::from("fi".to_string()), Val::from(fi));
    m.insert(Val::from("filename".to_string()), Val::from(filename.to_string()));
    if let Some(i) = index {
        m.insert(Val::from("index".to_string()), Val::from(i));
    }
    Val::obj(m)
}

/// Whether an expression updates its input (`=`, `|=`, `+=`, ..., `del`, `with`): yq then
/// prints the document itself, with what came before it.
fn has_update(expr: &str) -> bool {
    let b = expr.as_bytes();
    let mut in_str = false;
    let mut k = 0;
    while k < b.len() {
        match b[k] {
            b'\\' if in_str => k += 1,
            b'"' => in_str = !in_str,
            b'=' if !in_str => {
                let prev = if k > 0 { b[k - 1] } else { b' ' };
                let next = b.get(k + 1).copied().unwrap_or(b' ');
                if next != b'=' && !matches!(prev, b'=' | b'!' | b'<' | b'>') {
                    return true;
                }
                if next == b'=' {
                    k += 1;
                }
            }
            _ => {}
        }
        k += 1;
    }
    let t = expr.trim_start();
    t.starts_with("del(") || t.starts_with("with(")
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
        let doc = "a:\n  b: 1\n  c:\n    - x\n    - z\nd:\n  - e: 1\n    f: 2\n  - g\n";
        assert_eq!(out(&["."], doc), doc);
        // yaml.v3 quotes YAML 1.1's booleans, `y` and `n` among them (not `yEs`).
        assert_eq!(out(&["."], "- y\n- N\n- yEs\n"), "- \"y\"\n- \"N\"\n- yEs\n");
        // Keys keep the kind they were read with: `200:` stays plain, `\"200\":` is quoted.
        assert_eq!(out(&["."], "200: a\n\"201\": b\n"), "200: a\n\"201\": b\n");
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
    fn yq_arithmetic_and_booleans() {
        // Go's float division and modulo: infinities, NaN, a float remainder.
        assert_eq!(out(&[".a = .a / 0 | .b = .b / 0"], "a: 1\nb: -1\n"), "a: +Inf\nb: -Inf\n");
        assert_eq!(out(&[".a = .a % .b"], "a: 12\nb: 2.5\n"), "a: 2\nb: 2.5\n");
        assert_eq!(out(&[".a = .a % .b"], "a: 1.1\nb: 0\n"), "a: NaN\nb: 0\n");
        assert_eq!(out(&[".a = .a % .b"], "a: 13\nb: 2\n"), "a: 1\nb: 2\n");
        assert_eq!(out(&[".c = .a / .b"], "a: cat_dog\nb: _\n"), "a: cat_dog\nb: _\nc:\n  - cat\n  - dog\n");
        // An empty side of `or`/`and` counts as false.
        assert_eq!(out(&["select(.a == 1) or true"], "a: 2\n"), "true\n");
        assert_eq!(out(&["(.a == 2) and empty"], "a: 2\n"), "false\n");
        assert_eq!(out(&["with(.a; . = 3)"], "a: 2\n"), "a: 3\n");
        // Unicode case changes; a map sorts by its values.
        assert_eq!(out(&["upcase"], "água\n"), "ÁGUA\n");
        assert_eq!(out(&["downcase"], "ÁGUA\n"), "água\n");
        assert_eq!(out(&["sort"], "z: b\ny: a\n"), "y: a\nz: b\n");
    }

    #[test]
    fn keys_keep_document_order() {
        assert_eq!(out(&["keys"], "b: 1\na: 2\n"), "- b\n- a\n");
        assert_eq!(out(&[".keys"], "keys: 1\n"), "1\n");
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
    fn split_files_and_nul_output() {
        let fs = fs_with(&[("/home/user/f.yaml", b"a: x\n---\na: d/y\n")]);
        // The names are relative to the working directory (`/` here).
        let (o, e, st) = run_env(&Yq, "yq", &["-s", ".a", "/home/user/f.yaml"], &[], &*fs);
        assert_eq!((o.as_str(), e.as_str(), st), ("", "", 0));
        let read = |p: &str| crate::fs::FileSystem::read_file(&*fs, p).ok();
        assert_eq!(read("/x.yml").as_deref(), Some(&b"a: x\n"[..]));
        assert_eq!(read("/d/y.yml").as_deref(), Some(&b"---\na: d/y\n"[..]));
        // A NUL inside an unwrapped value cannot be told from the separator: yq stops there.
        let (o, e, st) = yq(&["-0", ".[]"], "[a, \"b\\0c\", d]\n");
        assert_eq!((o.as_str(), st), ("a\0", 1));
        assert!(e.starts_with("Error: can't serialise value because it contains NUL char"), "{e}");
        assert_eq!(out(&["-0", "-r=false", ".[]"], "[a, \"b\\0c\"]\n"), "a\0\"b\\0c\"\0");
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
