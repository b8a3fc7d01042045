//! Option parsing shared by every command: a declarative table of [`OptSpec`]s, parsed like
//! GNU `getopt_long`: clustered short options (`-abc`, `-n5`, `-n 5`), `--` to end options, long
//! options (`--lines=5`, `--lines 5`) with unique-prefix abbreviations, operands interleaved with
//! options (GNU permutation) unless [`Config::permute`] is off, and `--help` / `--version`.
//!
//! Errors carry the exact GNU text; [`ArgError::report`] prints it with the
//! `Try 'NAME --help' for more information.` line and returns the command's usage status.

use std::fmt;

use super::Ctx;

mod cfmt;
mod io;
mod num;
mod quote;
/// Test support for commands' unit tests (feature `test-support`).
#[cfg(any(test, feature = "test-support"))]
#[doc(hidden)]
pub mod testfs;

pub use cfmt::FloatSpec;
pub use io::{file_error, flush_out, open_src, read_some, stream_files, write_failed, ChunkBuf, EachChunk, OpenFailed, Src, CHUNK};
pub use num::{human, parse_size, strtod};
pub use quote::{c_locale, quote, quote_always, quote_name, set_c_locale};

/// Whether an option takes an argument.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ArgKind {
    /// A flag (`-v`, `--verbose`).
    None,
    /// A mandatory argument (`-n 5`, `-n5`, `--lines=5`, `--lines 5`).
    Required,
    /// An optional argument, only attached (`-ifoo`, `--color=auto`).
    Optional,
}

/// One option of a command's table.
#[derive(Debug, Clone, Copy)]
pub struct OptSpec<T> {
    /// The short letter, if any.
    pub short: Option<char>,
    /// The long name without `--`, if any.
    pub long: Option<&'static str>,
    /// Whether it takes an argument.
    pub arg: ArgKind,
    /// What the parser returns when it is seen.
    pub id: T,
}

impl<T> OptSpec<T> {
    /// A flag with a short letter and a long name (`""` for none).
    pub const fn flag(short: char, long: &'static str, id: T) -> Self {
        Self { short: Some(short), long: long_opt(long), arg: ArgKind::None, id }
    }
    /// An option with a required argument, a short letter and a long name (`""` for none).
    pub const fn req(short: char, long: &'static str, id: T) -> Self {
        Self { short: Some(short), long: long_opt(long), arg: ArgKind::Required, id }
    }
    /// A long-only option.
    pub const fn long(long: &'static str, arg: ArgKind, id: T) -> Self {
        Self { short: None, long: Some(long), arg, id }
    }
}

const fn long_opt(long: &'static str) -> Option<&'static str> {
    if long.is_empty() {
        None
    } else {
        Some(long)
    }
}

/// Parsing settings for one command.
#[derive(Debug, Clone, Copy)]
pub struct Config<'a> {
    /// The command name, for messages.
    pub name: &'a str,
    /// GNU permutation: options may follow operands. Off: the first operand ends options.
    pub permute: bool,
    /// An argument that looks like a negative number (`-5`, `-.5`) ends option parsing and is an
    /// operand (like `seq`).
    pub negative_numbers: bool,
    /// The text printed by `--help` (a trailing newline is added if missing).
    pub usage: &'a str,
    /// The status of a usage error (1 for most commands, 2 for `ls`, `sort`, `printenv`).
    pub status: i32,
}

impl<'a> Config<'a> {
    /// The usual settings: permutation on, usage errors exit 1.
    pub const fn new(name: &'a str, usage: &'a str) -> Self {
        Self { name, permute: true, negative_numbers: false, usage, status: 1 }
    }
}

/// The result of a successful parse.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Parsed<T> {
    /// The options seen, in order, with their arguments.
    pub opts: Vec<(T, Option<String>)>,
    /// The operands, in order.
    pub operands: Vec<String>,
}

/// A usage error (or a `--help` / `--version` request).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ArgError {
    /// `invalid option -- 'z'`
    Invalid(char),
    /// `unrecognized option '--bogus'` (the argument as given).
    Unrecognized(String),
    /// `option requires an argument -- 'n'`
    MissingShort(char),
    /// `option '--lines' requires an argument`
    MissingLong(&'static str),
    /// `option '--verbose' doesn't allow an argument`
    NoArgAllowed(&'static str),
    /// `option '--s' is ambiguous; possibilities: '--sort' '--stable'`
    Ambiguous(String, Vec<&'static str>),
    /// `--help` was given.
    Help,
    /// `--version` was given.
    Version,
}

impl fmt::Display for ArgError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ArgError::Invalid(c) => write!(f, "invalid option -- '{c}'"),
            ArgError::Unrecognized(s) => write!(f, "unrecognized option '{s}'"),
            ArgError::MissingShort(c) => write!(f, "option requires an argument -- '{c}'"),
            ArgError::MissingLong(l) => write!(f, "option '--{l}' requires an argument"),
            ArgError::NoArgAllowed(l) => write!(f, "option '--{l}' doesn't allow an argument"),
            ArgError::Ambiguous(s, all) => {
                write!(f, "option '{s}' is ambiguous; possibilities:")?;
                for l in all {
                    write!(f, " '--{l}'")?;
                }
                Ok(())
            }
            ArgError::Help => f.write_str("--help"),
            ArgError::Version => f.write_str("--version"),
        }
    }
}

/// The first line of `NAME --version` as the package the command comes from on a Debian 12
/// system prints it (coreutils for most; util-linux, diffutils, GNU patch and glibc for the
/// others).
pub fn version_line(name: &str) -> String {
    match name {
        "column" | "rev" | "look" | "hexdump" | "hd" | "cal" | "more" | "uuidgen" | "getopt" => format!("{name} from util-linux 2.38.1"),
        "cmp" | "diff" | "diff3" | "sdiff" => format!("{name} (GNU diffutils) 3.8"),
        "patch" => "GNU patch 2.7.6".to_string(),
        "iconv" => "iconv (GNU libc) 2.36".to_string(),
        _ => format!("{name} (GNU coreutils) 9.1"),
    }
}

impl ArgError {
    /// Print the error like GNU (message and `Try` line on stderr; `--help` text or version on
    /// stdout) and return the exit status to use.
    pub fn report(&self, ctx: &mut Ctx<'_>, cfg: &Config<'_>) -> i32 {
        match self {
            ArgError::Help => {
                let nl = if cfg.usage.ends_with('\n') { "" } else { "\n" };
                write_status(write!(ctx.stdout, "{}{}", cfg.usage, nl))
            }
            ArgError::Version => write_status(writeln!(ctx.stdout, "{}", version_line(cfg.name))),
            e => {
                usage_error(ctx, &e.to_string());
                cfg.status
            }
        }
    }
}

fn write_status(r: std::io::Result<()>) -> i32 {
    match r {
        Ok(()) => 0,
        Err(e) => super::status_for_write_error(&e),
    }
}

/// Print `NAME: MSG` and the `Try 'NAME --help'` line on stderr.
pub fn usage_error(ctx: &mut Ctx<'_>, msg: &str) {
    let name = ctx.name;
    let _ = writeln!(ctx.stderr, "{name}: {msg}\nTry '{name} --help' for more information.");
}

/// Parse `args` with the default [`Config`] (permutation on).
pub fn parse<T: Copy>(name: &str, specs: &[OptSpec<T>], args: &[String]) -> Result<Parsed<T>, ArgError> {
    parse_with(&Config::new(name, ""), specs, args)
}

fn is_negative_number(a: &str) -> bool {
    let b = a.as_bytes();
    b.len() > 1 && b[0] == b'-' && (b[1].is_ascii_digit() || b[1] == b'.')
}

/// Parse `args` (after the command name) against `specs`.
pub fn parse_with<T: Copy>(cfg: &Config<'_>, specs: &[OptSpec<T>], args: &[String]) -> Result<Parsed<T>, ArgError> {
    let mut out = Parsed { opts: Vec::new(), operands: Vec::new() };
    let mut i = 0;
    while i < args.len() {
        let a = &args[i];
        i += 1;
        if a == "--" {
            out.operands.extend(args[i..].iter().cloned());
            break;
        }
        if a.len() < 2 || !a.starts_with('-') || (cfg.negative_numbers && is_negative_number(a)) {
            if !cfg.permute || (cfg.negative_numbers && is_negative_number(a)) {
                out.operands.extend(args[i - 1..].iter().cloned());
                break;
            }
            out.operands.push(a.clone());
            continue;
        }
        if let Some(body) = a.strip_prefix("--") {
            parse_long(specs, body, args, &mut i, &mut out)?;
        } else {
            parse_short(specs, &a[1..], args, &mut i, &mut out)?;
        }
    }
    Ok(out)
}

/// What a long name resolves to.
enum Long {
    Spec(usize),
    Help,
    Version,
}

fn find_long<T>(specs: &[OptSpec<T>], name: &str, body: &str) -> Result<Long, ArgError> {
    let builtin = [("help", Long::Help), ("version", Long::Version)];
    // Exact match first.
    if let Some(k) = specs.iter().position(|s| s.long == Some(name)) {
        return Ok(Long::Spec(k));
    }
    if let Some((_, l)) = builtin.iter().find(|(n, _)| *n == name) {
        return Ok(match l {
            Long::Help => Long::Help,
            _ => Long::Version,
        });
    }
    let mut hits: Vec<(&'static str, Option<usize>)> = Vec::new();
    for (k, s) in specs.iter().enumerate() {
        if let Some(l) = s.long {
            if l.starts_with(name) {
                hits.push((l, Some(k)));
            }
        }
    }
    for (n, _) in &builtin {
        if n.starts_with(name) {
            hits.push((n, None));
        }
    }
    match hits.len() {
        0 => Err(ArgError::Unrecognized(format!("--{body}"))),
        1 => Ok(match hits[0] {
            (_, Some(k)) => Long::Spec(k),
            ("help", None) => Long::Help,
            _ => Long::Version,
        }),
        _ => {
            // Several prefixes naming options that behave the same are not ambiguous.
            let first = hits[0].1.map(|k| (specs[k].arg, specs[k].short));
            if hits.iter().all(|h| h.1.is_some() && h.1.map(|k| (specs[k].arg, specs[k].short)) == first) {
                if let (_, Some(k)) = hits[0] {
                    return Ok(Long::Spec(k));
                }
            }
            Err(ArgError::Ambiguous(format!("--{body}"), hits.iter().map(|h| h.0).collect()))
        }
    }
}

fn parse_long<T: Copy>(
    specs: &[OptSpec<T>],
    body: &str,
    args: &[String],
    i: &mut usize,
    out: &mut Parsed<T>,
) -> Result<(), ArgError> {
    let (name, value) = match body.find('=') {
        Some(p) => (&body[..p], Some(&body[p + 1..])),
        None => (body, None),
    };
    let k = match find_long(specs, name, body)? {
        Long::Help => return Err(ArgError::Help),
        Long::Version => return Err(ArgError::Version),
        Long::Spec(k) => k,
    };
    let spec = &specs[k];
    let long = spec.long.unwrap_or("");
    let arg = match (spec.arg, value) {
        (ArgKind::None, Some(_)) => return Err(ArgError::NoArgAllowed(long)),
        (ArgKind::None, None) => None,
        (_, Some(v)) => Some(v.to_string()),
        (ArgKind::Optional, None) => None,
        (ArgKind::Required, None) => match args.get(*i) {
            Some(v) => {
                *i += 1;
                Some(v.clone())
            }
            None => return Err(ArgError::MissingLong(long)),
        },
    };
    out.opts.push((spec.id, arg));
    Ok(())
}

fn parse_short<T: Copy>(
    specs: &[OptSpec<T>],
    cluster: &str,
    args: &[String],
    i: &mut usize,
    out: &mut Parsed<T>,
) -> Result<(), ArgError> {
    for (pos, c) in cluster.char_indices() {
        let spec = specs.iter().find(|s| s.short == Some(c)).ok_or(ArgError::Invalid(c))?;
        let rest = &cluster[pos + c.len_utf8()..];
        match spec.arg {
            ArgKind::None => out.opts.push((spec.id, None)),
            ArgKind::Optional => {
                out.opts.push((spec.id, (!rest.is_empty()).then(|| rest.to_string())));
                return Ok(());
            }
            ArgKind::Required => {
                let v = if !rest.is_empty() {
                    rest.to_string()
                } else if let Some(v) = args.get(*i) {
                    *i += 1;
                    v.clone()
                } else {
                    return Err(ArgError::MissingShort(c));
                };
                out.opts.push((spec.id, Some(v)));
                return Ok(());
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const SPECS: &[OptSpec<char>] = &[
        OptSpec::req('n', "lines", 'n'),
        OptSpec::flag('q', "quiet", 'q'),
        OptSpec::flag('q', "silent", 'q'),
        OptSpec::flag('v', "verbose", 'v'),
        OptSpec::long("color", ArgKind::Optional, 'C'),
        OptSpec::long("line-x", ArgKind::None, 'x'),
    ];

    fn p(args: &[&str]) -> Result<Parsed<char>, ArgError> {
        let a: Vec<String> = args.iter().map(|s| s.to_string()).collect();
        parse("head", SPECS, &a)
    }
    fn ok(args: &[&str]) -> (Vec<(char, Option<String>)>, Vec<String>) {
        match p(args) {
            Ok(r) => (r.opts, r.operands),
            Err(e) => (vec![('!', Some(e.to_string()))], vec![]),
        }
    }
    fn err(args: &[&str]) -> String {
        p(args).err().map(|e| e.to_string()).unwrap_or_default()
    }
    fn s(x: &str) -> Option<String> {
        Some(x.to_string())
    }

    #[test]
    fn short_clusters() {
        assert_eq!(ok(&["-qv"]).0, vec![('q', None), ('v', None)]);
        assert_eq!(ok(&["-qn5"]).0, vec![('q', None), ('n', s("5"))]);
        assert_eq!(ok(&["-n", "5", "f"]), (vec![('n', s("5"))], vec!["f".to_string()]));
    }

    #[test]
    fn long_forms() {
        assert_eq!(ok(&["--lines=5"]).0, vec![('n', s("5"))]);
        assert_eq!(ok(&["--lines", "5"]).0, vec![('n', s("5"))]);
        assert_eq!(ok(&["--lines=", "x"]).0, vec![('n', s(""))]);
        assert_eq!(ok(&["--color"]).0, vec![('C', None)]);
        assert_eq!(ok(&["--color=al"]).0, vec![('C', s("al"))]);
        assert_eq!(ok(&["--q"]).0, vec![('q', None)]);
    }

    #[test]
    fn permutation_and_dashdash() {
        assert_eq!(ok(&["a", "-q", "-", "b"]), (vec![('q', None)], vec!["a".into(), "-".into(), "b".into()]));
        assert_eq!(ok(&["--", "-q"]).1, vec!["-q".to_string()]);
        let a: Vec<String> = ["a", "-q"].iter().map(|s| s.to_string()).collect();
        let cfg = Config { permute: false, ..Config::new("x", "") };
        assert_eq!(parse_with(&cfg, SPECS, &a).map(|r| r.operands.len()), Ok(2));
        let a: Vec<String> = ["-q", "-1", "-q"].iter().map(|s| s.to_string()).collect();
        let cfg = Config { negative_numbers: true, ..Config::new("x", "") };
        assert_eq!(parse_with(&cfg, SPECS, &a).map(|r| r.operands), Ok(vec!["-1".into(), "-q".into()]));
    }

    #[test]
    fn errors() {
        assert_eq!(err(&["-z"]), "invalid option -- 'z'");
        assert_eq!(err(&["-n"]), "option requires an argument -- 'n'");
        assert_eq!(err(&["--lines"]), "option '--lines' requires an argument");
        assert_eq!(err(&["--bogus=1"]), "unrecognized option '--bogus=1'");
        assert_eq!(err(&["--verbose=3"]), "option '--verbose' doesn't allow an argument");
        assert_eq!(err(&["--li"]), "option '--li' is ambiguous; possibilities: '--lines' '--line-x'");
        assert_eq!(err(&["--v"]), "option '--v' is ambiguous; possibilities: '--verbose' '--version'");
        assert_eq!(p(&["--he"]), Err(ArgError::Help));
        assert_eq!(p(&["--version"]), Err(ArgError::Version));
    }
}
