//! grep's command line: the option table, `-NUM` context options, the pattern list (`-e`, `-f`,
//! first operand) and GNU's usage errors.

use super::matcher::{MatchOpts, Matcher, Mode};
use super::walk::Filters;
use super::{BinaryFiles, Cfg, Dirs, List};
use crate::args::{self, ArgError, ArgKind, Config, OptSpec};
use crate::Ctx;

#[derive(Clone, Copy, PartialEq, Eq)]
enum O {
    Ext,
    Fixed,
    Basic,
    Perl,
    Regexp,
    File,
    Icase,
    NoIcase,
    Invert,
    Word,
    Line,
    Count,
    Color,
    Without,
    With,
    Max,
    Only,
    Quiet,
    NoMessages,
    ByteOffset,
    WithName,
    NoName,
    Label,
    LineNumber,
    LineBuffered,
    InitialTab,
    Null,
    After,
    Before,
    Context,
    Text,
    BinaryFiles,
    NoBinary,
    Directories,
    Devices,
    Recursive,
    Deref,
    Include,
    Exclude,
    ExcludeFrom,
    ExcludeDir,
    NullData,
    BinaryU,
    GroupSep,
    NoGroupSep,
    Version,
}

const SPECS: &[OptSpec<O>] = &[
    OptSpec::flag('E', "extended-regexp", O::Ext),
    OptSpec::flag('F', "fixed-strings", O::Fixed),
    OptSpec::flag('G', "basic-regexp", O::Basic),
    OptSpec::flag('P', "perl-regexp", O::Perl),
    OptSpec::req('e', "regexp", O::Regexp),
    OptSpec::req('f', "file", O::File),
    OptSpec::flag('i', "ignore-case", O::Icase),
    OptSpec::flag('y', "", O::Icase),
    OptSpec::long("no-ignore-case", ArgKind::None, O::NoIcase),
    OptSpec::flag('v', "invert-match", O::Invert),
    OptSpec::flag('w', "word-regexp", O::Word),
    OptSpec::flag('x', "line-regexp", O::Line),
    OptSpec::flag('c', "count", O::Count),
    OptSpec::long("color", ArgKind::Optional, O::Color),
    OptSpec::long("colour", ArgKind::Optional, O::Color),
    OptSpec::flag('L', "files-without-match", O::Without),
    OptSpec::flag('l', "files-with-matches", O::With),
    OptSpec::req('m', "max-count", O::Max),
    OptSpec::flag('o', "only-matching", O::Only),
    OptSpec::flag('q', "quiet", O::Quiet),
    OptSpec::long("silent", ArgKind::None, O::Quiet),
    OptSpec::flag('s', "no-messages", O::NoMessages),
    OptSpec::flag('b', "byte-offset", O::ByteOffset),
    OptSpec::flag('H', "with-filename", O::WithName),
    OptSpec::flag('h', "no-filename", O::NoName),
    OptSpec::long("label", ArgKind::Required, O::Label),
    OptSpec::flag('n', "line-number", O::LineNumber),
    OptSpec::long("line-buffered", ArgKind::None, O::LineBuffered),
    OptSpec::flag('T', "initial-tab", O::InitialTab),
    OptSpec::flag('Z', "null", O::Null),
    OptSpec::req('A', "after-context", O::After),
    OptSpec::req('B', "before-context", O::Before),
    OptSpec::req('C', "context", O::Context),
    OptSpec::flag('a', "text", O::Text),
    OptSpec::long("binary-files", ArgKind::Required, O::BinaryFiles),
    OptSpec { short: Some('I'), long: None, arg: ArgKind::None, id: O::NoBinary },
    OptSpec::req('d', "directories", O::Directories),
    OptSpec::req('D', "devices", O::Devices),
    OptSpec::flag('r', "recursive", O::Recursive),
    OptSpec::flag('R', "dereference-recursive", O::Deref),
    OptSpec::long("include", ArgKind::Required, O::Include),
    OptSpec::long("exclude", ArgKind::Required, O::Exclude),
    OptSpec::long("exclude-from", ArgKind::Required, O::ExcludeFrom),
    OptSpec::long("exclude-dir", ArgKind::Required, O::ExcludeDir),
    OptSpec::flag('z', "null-data", O::NullData),
    OptSpec::flag('U', "binary", O::BinaryU),
    OptSpec::long("group-separator", ArgKind::Required, O::GroupSep),
    OptSpec::long("no-group-separator", ArgKind::None, O::NoGroupSep),
    OptSpec { short: Some('V'), long: None, arg: ArgKind::None, id: O::Version },
];

const USAGE_LINE: &str = "Usage: grep [OPTION]... PATTERNS [FILE]...";

const HELP: &str = include_str!("help.txt");

const VERSION: &str = "grep (GNU grep) 3.8\nCopyright (C) 2022 Free Software Foundation, Inc.\nLicense GPLv3+: GNU GPL version 3 or later <https://gnu.org/licenses/gpl.html>.\nThis is free software: you are free to change and redistribute it.\nThere is NO WARRANTY, to the extent permitted by law.\n\nWritten by Mike Haertel and others; see\n<https://git.sv.gnu.org/cgit/grep.git/tree/AUTHORS>.\n";

/// Print `grep: MSG` on stderr.
pub(super) fn error(ctx: &mut Ctx<'_>, msg: &str) {
    let _ = writeln!(ctx.stderr, "grep: {msg}");
}

/// A usage error: the message, the usage line and the `Try` line; status 2.
fn usage(ctx: &mut Ctx<'_>, msg: Option<&str>) -> i32 {
    if let Some(m) = msg {
        error(ctx, m);
    }
    let _ = writeln!(ctx.stderr, "{USAGE_LINE}\nTry 'grep --help' for more information.");
    2
}

/// Whether the short option `c` takes an argument.
fn short_takes_arg(c: char) -> bool {
    SPECS.iter().any(|s| s.short == Some(c) && s.arg == ArgKind::Required)
}

/// Whether the long option `--name` (possibly abbreviated, no `=`) takes a separate argument.
fn long_takes_arg(name: &str) -> bool {
    let hits: Vec<_> = SPECS.iter().filter(|s| s.long.is_some_and(|l| l.starts_with(name))).collect();
    let exact = SPECS.iter().find(|s| s.long == Some(name));
    match exact {
        Some(s) => s.arg == ArgKind::Required,
        None => !hits.is_empty() && hits.iter().all(|s| s.arg == ArgKind::Required),
    }
}

/// Rewrite GNU's digit options (`-5`, `-n12`, `-2v`) into `--context=N`.
pub(super) fn expand_digits(argv: &[String]) -> Vec<String> {
    let mut out = Vec::with_capacity(argv.len());
    let mut i = 0;
    while i < argv.len() {
        let a = &argv[i];
        i += 1;
        if a == "--" {
            out.extend(argv[i - 1..].iter().cloned());
            break;
        }
        if let Some(long) = a.strip_prefix("--") {
            out.push(a.clone());
            if !long.contains('=') && long_takes_arg(long) && i < argv.len() {
                out.push(argv[i].clone());
                i += 1;
            }
            continue;
        }
        if a.len() < 2 || !a.starts_with('-') {
            out.push(a.clone());
            continue;
        }
        let (pieces, takes_next) = split_cluster(&a[1..]);
        out.extend(pieces);
        if takes_next && i < argv.len() {
            out.push(argv[i].clone());
            i += 1;
        }
    }
    out
}

/// Split a short-option cluster (without its `-`) into plain clusters and `--context=N`;
/// also tells whether its last option takes the next argument.
fn split_cluster(cluster: &str) -> (Vec<String>, bool) {
    if !cluster.bytes().any(|b| b.is_ascii_digit()) {
        let takes = cluster.chars().position(short_takes_arg).is_some_and(|p| p + 1 == cluster.chars().count());
        return (vec![format!("-{cluster}")], takes);
    }
    let mut pieces = Vec::new();
    let mut flags = String::new();
    let mut digits = String::new();
    let mut takes = false;
    for (k, c) in cluster.char_indices() {
        if c.is_ascii_digit() {
            digits.push(c);
            continue;
        }
        if !digits.is_empty() {
            if !flags.is_empty() {
                pieces.push(format!("-{}", std::mem::take(&mut flags)));
            }
            pieces.push(format!("--context={}", std::mem::take(&mut digits)));
        }
        if short_takes_arg(c) {
            let rest = &cluster[k + c.len_utf8()..];
            flags.push(c);
            flags.push_str(rest);
            takes = rest.is_empty();
            pieces.push(format!("-{flags}"));
            return (pieces, takes);
        }
        flags.push(c);
    }
    if !flags.is_empty() {
        pieces.push(format!("-{flags}"));
    }
    if !digits.is_empty() {
        pieces.push(format!("--context={digits}"));
    }
    (pieces, takes)
}

/// A context length (`-A`, `-B`, `-C`, `-NUM`).
fn context_num(ctx: &mut Ctx<'_>, v: &str) -> Result<u64, i32> {
    match v.parse::<u64>() {
        Ok(n) => Ok(n),
        Err(_) if !v.is_empty() && v.bytes().all(|b| b.is_ascii_digit()) => Ok(u64::MAX),
        Err(_) => {
            error(ctx, &format!("{v}: invalid context length argument"));
            Err(2)
        }
    }
}

/// Raw option values gathered before the configuration is assembled.
#[derive(Default)]
struct Raw {
    mode: Option<Mode>,
    patterns: Option<Vec<String>>,
    mo: MatchOpts,
    context: Option<u64>,
    after: Option<u64>,
    before: Option<u64>,
    with_name: Option<bool>,
}

/// Parse the command line into a [`Cfg`]; `Err` carries the exit status (messages printed).
pub(super) fn parse(ctx: &mut Ctx<'_>, argv: &[String]) -> Result<Cfg, i32> {
    let acfg = Config { status: 2, ..Config::new("grep", HELP) };
    let parsed = match args::parse_with(&acfg, SPECS, &expand_digits(argv)) {
        Ok(p) => p,
        Err(ArgError::Help) => return Err(write_text(ctx, HELP)),
        Err(ArgError::Version) => return Err(write_text(ctx, VERSION)),
        Err(e) => return Err(usage(ctx, Some(&e.to_string()))),
    };
    let mut cfg = Cfg {
        matcher: Matcher::empty(),
        invert: false,
        count: false,
        list: None,
        max: None,
        only: false,
        quiet: false,
        no_messages: false,
        byte_offset: false,
        with_name: false,
        line_number: false,
        line_buffered: false,
        initial_tab: false,
        null: false,
        null_data: false,
        after: 0,
        before: 0,
        group_sep: Some("--".to_string()),
        binary: BinaryFiles::Binary,
        dirs: Dirs::Read,
        follow: false,
        label: "(standard input)".to_string(),
        filters: Filters::default(),
        files: Vec::new(),
        no_operands: false,
    };
    let mut raw = Raw { mode: initial_mode(ctx.name), ..Raw::default() };
    for (o, v) in &parsed.opts {
        apply(ctx, &mut cfg, &mut raw, *o, v.as_deref().unwrap_or(""))?;
    }
    finish(ctx, cfg, raw, parsed.operands)
}

fn initial_mode(name: &str) -> Option<Mode> {
    match name.rsplit('/').next() {
        Some("egrep") => Some(Mode::Extended),
        Some("fgrep") => Some(Mode::Fixed),
        _ => None,
    }
}

fn write_text(ctx: &mut Ctx<'_>, text: &str) -> i32 {
    match ctx.stdout.write_all(text.as_bytes()).and_then(|()| ctx.stdout.flush()) {
        Ok(()) => 0,
        Err(e) => crate::args::write_failed(ctx, &e),
    }
}

/// Apply one option.
fn apply(ctx: &mut Ctx<'_>, cfg: &mut Cfg, raw: &mut Raw, o: O, v: &str) -> Result<(), i32> {
    match o {
        O::Ext | O::Fixed | O::Basic | O::Perl => set_mode(ctx, raw, o)?,
        O::Regexp => raw.patterns.get_or_insert_with(Vec::new).extend(v.split('\n').map(str::to_string)),
        O::File => read_pattern_file(ctx, raw, v)?,
        O::Icase => raw.mo.icase = true,
        O::NoIcase => raw.mo.icase = false,
        O::Invert => cfg.invert = true,
        O::Word => raw.mo.word = true,
        O::Line => raw.mo.line = true,
        O::Count => cfg.count = true,
        O::Color | O::BinaryU | O::Devices => {}
        O::Without => cfg.list = Some(List::Without),
        O::With => cfg.list = Some(List::With),
        O::Max => cfg.max = Some(parse_max(ctx, v)?),
        O::Only => cfg.only = true,
        O::Quiet => cfg.quiet = true,
        O::NoMessages => cfg.no_messages = true,
        O::ByteOffset => cfg.byte_offset = true,
        O::WithName => raw.with_name = Some(true),
        O::NoName => raw.with_name = Some(false),
        O::Label => cfg.label = v.to_string(),
        O::LineNumber => cfg.line_number = true,
        O::LineBuffered => cfg.line_buffered = true,
        O::InitialTab => cfg.initial_tab = true,
        O::Null => cfg.null = true,
        O::After => raw.after = Some(context_num(ctx, v)?),
        O::Before => raw.before = Some(context_num(ctx, v)?),
        O::Context => raw.context = Some(context_num(ctx, v)?),
        O::Text => cfg.binary = BinaryFiles::Text,
        O::NoBinary => cfg.binary = BinaryFiles::WithoutMatch,
        O::BinaryFiles => {
            cfg.binary = match v {
                "binary" => BinaryFiles::Binary,
                "text" => BinaryFiles::Text,
                "without-match" => BinaryFiles::WithoutMatch,
                _ => {
                    error(ctx, "unknown binary-files type");
                    return Err(2);
                }
            }
        }
        O::Directories => {
            cfg.dirs = match v {
                "read" => Dirs::Read,
                "skip" => Dirs::Skip,
                "recurse" => Dirs::Recurse,
                _ => {
                    error(ctx, &format!("invalid argument {} for '--directories'", args::quote(v)));
                    return Err(usage(ctx, None));
                }
            }
        }
        O::Recursive => cfg.dirs = Dirs::Recurse,
        O::Deref => (cfg.dirs, cfg.follow) = (Dirs::Recurse, true),
        O::Include => cfg.filters.include.push(Filters::glob(v)),
        O::Exclude => cfg.filters.exclude.push(Filters::glob(v)),
        O::ExcludeDir => cfg.filters.exclude_dir.push(Filters::glob(v)),
        O::ExcludeFrom => {
            let data = ctx.read_input(v).map_err(|e| {
                error(ctx, &format!("{v}: {e}"));
                2
            })?;
            let text = kitsh_core::util::bytes::decode_owned(data);
            cfg.filters.exclude.extend(text.lines().filter(|l| !l.is_empty()).map(Filters::glob));
        }
        O::NullData => raw.mo.null_data = true,
        O::GroupSep => cfg.group_sep = Some(v.to_string()),
        O::NoGroupSep => cfg.group_sep = None,
        O::Version => return Err(write_text(ctx, VERSION)),
    }
    Ok(())
}

/// `-E`, `-F`, `-G`, `-P`: only one kind may be given.
fn set_mode(ctx: &mut Ctx<'_>, raw: &mut Raw, o: O) -> Result<(), i32> {
    let m = match o {
        O::Ext => Mode::Extended,
        O::Fixed => Mode::Fixed,
        O::Basic => Mode::Basic,
        _ => Mode::Perl,
    };
    if raw.mode.is_some_and(|old| old != m) {
        error(ctx, "conflicting matchers specified");
        return Err(2);
    }
    raw.mode = Some(m);
    Ok(())
}

fn parse_max(ctx: &mut Ctx<'_>, v: &str) -> Result<u64, i32> {
    let t = v.trim_start();
    match t.parse::<i64>() {
        Ok(n) if n < 0 => Ok(u64::MAX),
        Ok(n) => Ok(n as u64),
        Err(_) if !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()) => Ok(u64::MAX),
        Err(_) => {
            error(ctx, "invalid max count");
            Err(2)
        }
    }
}

/// `-f FILE`: one pattern per line (`-` is standard input).
fn read_pattern_file(ctx: &mut Ctx<'_>, raw: &mut Raw, path: &str) -> Result<(), i32> {
    let data = ctx.read_input(path).map_err(|e| {
        error(ctx, &format!("{path}: {e}"));
        2
    })?;
    let text = kitsh_core::util::bytes::decode_owned(data);
    let list = raw.patterns.get_or_insert_with(Vec::new);
    let body = text.strip_suffix('\n').unwrap_or(&text);
    if !text.is_empty() {
        list.extend(body.split('\n').map(str::to_string));
    }
    Ok(())
}

/// Assemble the configuration once all options are read.
fn finish(ctx: &mut Ctx<'_>, mut cfg: Cfg, mut raw: Raw, mut operands: Vec<String>) -> Result<Cfg, i32> {
    let patterns = match raw.patterns.take() {
        Some(p) => p,
        None if operands.is_empty() => return Err(usage(ctx, None)),
        None => operands.remove(0).split('\n').map(str::to_string).collect(),
    };
    let mode = raw.mode.unwrap_or(Mode::Basic);
    let mut warnings = Vec::new();
    cfg.matcher = match Matcher::new(&patterns, mode, raw.mo, &mut warnings) {
        Ok(m) => m,
        Err(e) => {
            for w in warnings {
                error(ctx, &format!("warning: {w}"));
            }
            error(ctx, &e.message);
            return Err(2);
        }
    };
    for w in warnings {
        error(ctx, &format!("warning: {w}"));
    }
    cfg.null_data = raw.mo.null_data;
    let ctxlen = raw.context.unwrap_or(0);
    cfg.after = raw.after.unwrap_or(ctxlen);
    cfg.before = raw.before.unwrap_or(ctxlen);
    cfg.no_operands = operands.is_empty();
    if operands.is_empty() {
        operands.push(if cfg.dirs == Dirs::Recurse { ".".to_string() } else { "-".to_string() });
    }
    let recursive_dir = cfg.dirs == Dirs::Recurse && operands.iter().any(|f| f != "-" && ctx.fs.stat(&ctx.abs_path(f)).is_ok_and(|m| m.file_type == kitsh_core::fs::FileType::Dir));
    cfg.with_name = raw.with_name.unwrap_or(operands.len() > 1 || recursive_dir);
    cfg.files = operands;
    Ok(cfg)
}
