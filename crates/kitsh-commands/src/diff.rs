//! `diff`: compare files line by line, as GNU diffutils 3.8: normal, unified (`-u`, `-U N`)
//! and context (`-c`, `-C N`) formats, line and line group formats (`--old-line-format`,
//! `--changed-group-format`, ..., `-D NAME`; see [`format`]), `-q -s -r -N -i -b -w -Z -E -B
//! -I RE -a -d --label --strip-trailing-cr -x PAT`, directories (`Only in`, `Common
//! subdirectories`), binary files, exit status 0 (same), 1 (different), 2 (trouble).
//!
//! The hunks are GNU's own: the comparison follows GNU diff's steps (see [`analyze`]), so the
//! output is byte-identical to GNU diff's, not just another valid edit script.

mod analyze;
mod format;
mod lines;
mod output;

use std::time::UNIX_EPOCH;

use regex::bytes::Regex;

use super::args::{self, ArgKind, Config, OptSpec};
use super::{Builtin, Ctx};
use kitsh_core::fs::FileType;
use kitsh_core::pattern::{MatchOpts, Pattern};
use analyze::Change;
use lines::{Ignore, Lines};

/// The `diff` command.
pub struct Diff;

#[derive(Clone, Copy, PartialEq, Eq)]
enum O {
    Text,
    SpaceChange,
    BlankLines,
    Context,
    ContextN,
    Minimal,
    Case,
    Regex,
    NewFile,
    Normal,
    Brief,
    Recursive,
    Identical,
    Unified,
    UnifiedN,
    AllSpace,
    TrailingSpace,
    TabExpansion,
    Label,
    StripCr,
    Exclude,
    Color,
    NoDeref,
    Speed,
    Ifdef,
    LineFormat,
    LineFormatOf(format::Kind),
    GroupFormatOf(format::Kind),
}

const SPECS: &[OptSpec<O>] = &[
    OptSpec::flag('a', "text", O::Text),
    OptSpec::flag('b', "ignore-space-change", O::SpaceChange),
    OptSpec::flag('B', "ignore-blank-lines", O::BlankLines),
    OptSpec::flag('c', "", O::Context),
    OptSpec::req('C', "", O::ContextN),
    OptSpec::long("context", ArgKind::Optional, O::ContextN),
    OptSpec::flag('d', "minimal", O::Minimal),
    OptSpec::flag('H', "speed-large-files", O::Speed),
    OptSpec::flag('i', "ignore-case", O::Case),
    OptSpec::req('I', "ignore-matching-lines", O::Regex),
    OptSpec::flag('N', "new-file", O::NewFile),
    OptSpec::long("normal", ArgKind::None, O::Normal),
    OptSpec::flag('q', "brief", O::Brief),
    OptSpec::flag('r', "recursive", O::Recursive),
    OptSpec::flag('s', "report-identical-files", O::Identical),
    OptSpec::flag('u', "", O::Unified),
    OptSpec::req('U', "", O::UnifiedN),
    OptSpec::long("unified", ArgKind::Optional, O::UnifiedN),
    OptSpec::flag('w', "ignore-all-space", O::AllSpace),
    OptSpec::flag('Z', "ignore-trailing-space", O::TrailingSpace),
    OptSpec::flag('E', "ignore-tab-expansion", O::TabExpansion),
    OptSpec::long("label", ArgKind::Required, O::Label),
    OptSpec::long("strip-trailing-cr", ArgKind::None, O::StripCr),
    OptSpec::req('x', "exclude", O::Exclude),
    OptSpec::long("color", ArgKind::Optional, O::Color),
    OptSpec::long("no-dereference", ArgKind::None, O::NoDeref),
    OptSpec::req('D', "ifdef", O::Ifdef),
    OptSpec::long("line-format", ArgKind::Required, O::LineFormat),
    OptSpec::long("unchanged-line-format", ArgKind::Required, O::LineFormatOf(format::Kind::Unchanged)),
    OptSpec::long("old-line-format", ArgKind::Required, O::LineFormatOf(format::Kind::Old)),
    OptSpec::long("new-line-format", ArgKind::Required, O::LineFormatOf(format::Kind::New)),
    OptSpec::long("unchanged-group-format", ArgKind::Required, O::GroupFormatOf(format::Kind::Unchanged)),
    OptSpec::long("old-group-format", ArgKind::Required, O::GroupFormatOf(format::Kind::Old)),
    OptSpec::long("new-group-format", ArgKind::Required, O::GroupFormatOf(format::Kind::New)),
    OptSpec::long("changed-group-format", ArgKind::Required, O::GroupFormatOf(format::Kind::Changed)),
];

const USAGE: &str = "Usage: diff [OPTION]... FILES
Compare FILES line by line.

  -q, --brief                   report only when files differ
  -s, --report-identical-files  report when two files are the same
  -c, -C NUM, --context[=NUM]   output NUM (default 3) lines of copied context
  -u, -U NUM, --unified[=NUM]   output NUM (default 3) lines of unified context
  -r, --recursive                 recursively compare any subdirectories found
  -N, --new-file                  treat absent files as empty
  -i, --ignore-case               ignore case differences in file contents
  -E, --ignore-tab-expansion      ignore changes due to tab expansion
  -Z, --ignore-trailing-space     ignore white space at line end
  -b, --ignore-space-change       ignore changes in the amount of white space
  -w, --ignore-all-space          ignore all white space
  -B, --ignore-blank-lines        ignore changes where lines are all blank
  -I, --ignore-matching-lines=RE  ignore changes where all lines match RE
  -a, --text                      treat all files as text
      --strip-trailing-cr         strip trailing carriage return on input
  -D, --ifdef=NAME                output merged file with '#ifdef NAME' diffs
      --GTYPE-group-format=GFMT   format GTYPE input groups with GFMT
      --line-format=LFMT          format all input lines with LFMT
      --LTYPE-line-format=LFMT    format LTYPE input lines with LFMT
    These format options provide fine-grained control over the output
      of diff, generalizing -D/--ifdef.
    LTYPE is 'old', 'new', or 'unchanged'.  GTYPE is LTYPE or 'changed'.
  -d, --minimal            try hard to find a smaller set of changes

Exit status is 0 if inputs are the same, 1 if different, 2 if trouble.";

#[derive(Clone, Copy, PartialEq, Eq)]
enum Style {
    Normal,
    Unified,
    Context,
    /// Line and group formats (`--line-format`, `-D`, ...).
    Ifdef,
}

struct Opts {
    style: Style,
    /// The line and group formats of [`Style::Ifdef`].
    formats: format::Formats,
    context: usize,
    ignore: Ignore,
    blank_lines: bool,
    regexes: Vec<Regex>,
    text: bool,
    minimal: bool,
    new_file: bool,
    brief: bool,
    recursive: bool,
    identical: bool,
    labels: Vec<String>,
    strip_cr: bool,
    excludes: Vec<Pattern>,
    /// The options as given, for the `diff OPTIONS A B` line before each file of a directory.
    switches: String,
}

/// The result of one comparison: 0 same, 1 different, 2 trouble.
type Status = i32;

impl Builtin for Diff {
    fn run(&self, ctx: &mut Ctx<'_>, argv: &[String]) -> i32 {
        let cfg = Config { status: 2, ..Config::new("diff", USAGE) };
        let parsed = match args::parse_with(&cfg, SPECS, argv) {
            Ok(p) => p,
            Err(args::ArgError::Version) => {
                let _ = writeln!(ctx.stdout, "diff (GNU diffutils) 3.8");
                return 0;
            }
            Err(e) => {
                if matches!(e, args::ArgError::Help) {
                    return e.report(ctx, &cfg);
                }
                let _ = writeln!(ctx.stderr, "diff: {e}\ndiff: Try 'diff --help' for more information.");
                return 2;
            }
        };
        let mut o = Opts {
            style: Style::Normal,
            formats: format::Given::default().resolve(),
            context: 3,
            ignore: Ignore::default(),
            blank_lines: false,
            regexes: Vec::new(),
            text: false,
            minimal: false,
            new_file: false,
            brief: false,
            recursive: false,
            identical: false,
            labels: Vec::new(),
            strip_cr: false,
            excludes: Vec::new(),
            switches: switch_string(argv, &parsed.operands),
        };
        let mut given = format::Given::default();
        // GNU's `specify_style`: one output style per run.
        let mut style: Option<Style> = None;
        let mut specify = |ctx: &mut Ctx<'_>, s: Style| -> Result<(), ()> {
            if style.is_some_and(|x| x != s) {
                let _ = writeln!(ctx.stderr, "diff: conflicting output style options\ndiff: Try 'diff --help' for more information.");
                return Err(());
            }
            style = Some(s);
            Ok(())
        };
        for (id, val) in parsed.opts {
            let styled = match id {
                O::Context | O::ContextN => Some(Style::Context),
                O::Unified | O::UnifiedN => Some(Style::Unified),
                O::Normal => Some(Style::Normal),
                O::Ifdef | O::LineFormat | O::LineFormatOf(_) | O::GroupFormatOf(_) => Some(Style::Ifdef),
                _ => None,
            };
            if let Some(s) = styled {
                if specify(ctx, s).is_err() {
                    return 2;
                }
                o.style = s;
            }
            let value = kitsh_core::util::bytes::encode(val.as_deref().unwrap_or_default()).into_owned();
            let set = match id {
                O::Ifdef => given.set_ifdef(val.as_deref().unwrap_or_default()),
                O::LineFormat => given.set_all_lines(&value),
                O::LineFormatOf(k) => given.set_line(k, &value),
                O::GroupFormatOf(k) => given.set_group(k, &value),
                _ => Ok(()),
            };
            if let Err(msg) = set {
                let _ = writeln!(ctx.stderr, "diff: {msg}\ndiff: Try 'diff --help' for more information.");
                return 2;
            }
            match id {
                O::Text => o.text = true,
                O::SpaceChange => o.ignore.space_change = true,
                O::BlankLines => o.blank_lines = true,
                O::Context | O::Unified | O::Normal => {}
                O::ContextN | O::UnifiedN => {
                    if let Some(v) = val {
                        match v.parse::<usize>() {
                            Ok(n) => o.context = n,
                            Err(_) => {
                                let _ = writeln!(ctx.stderr, "diff: invalid context length '{v}'\ndiff: Try 'diff --help' for more information.");
                                return 2;
                            }
                        }
                    }
                }
                O::Minimal => o.minimal = true,
                O::Case => o.ignore.case = true,
                O::Regex => {
                    let re = val.unwrap_or_default();
                    match kitsh_core::util::posix_re::build(&re, kitsh_core::util::posix_re::Syntax::Basic, false) {
                        Ok(r) => o.regexes.push(r),
                        Err(e) => {
                            let _ = writeln!(ctx.stderr, "diff: {e}");
                            return 2;
                        }
                    }
                }
                O::NewFile => o.new_file = true,
                O::Brief => o.brief = true,
                O::Recursive => o.recursive = true,
                O::Identical => o.identical = true,
                O::AllSpace => o.ignore.all_space = true,
                O::TrailingSpace => o.ignore.trailing_space = true,
                O::TabExpansion => o.ignore.tab_expansion = true,
                O::Label => o.labels.push(val.unwrap_or_default()),
                O::StripCr => o.strip_cr = true,
                O::Exclude => {
                    let opts = MatchOpts { extglob: false, nocase: false, pathname: false, dotglob: true };
                    o.excludes.push(Pattern::new(&val.unwrap_or_default(), opts));
                }
                O::Color | O::NoDeref | O::Speed => {}
                O::Ifdef | O::LineFormat | O::LineFormatOf(_) | O::GroupFormatOf(_) => {}
            }
        }
        o.formats = given.resolve();
        let ops = &parsed.operands;
        if ops.len() < 2 {
            let msg = match ops.first() {
                None => "missing operand after 'diff'".to_string(),
                Some(a) => format!("missing operand after '{a}'"),
            };
            let _ = writeln!(ctx.stderr, "diff: {msg}\ndiff: Try 'diff --help' for more information.");
            return 2;
        }
        if ops.len() > 2 {
            let _ = writeln!(ctx.stderr, "diff: extra operand '{}'\ndiff: Try 'diff --help' for more information.", ops[2]);
            return 2;
        }
        let mut out = Vec::new();
        let st = compare_top(ctx, &o, &ops[0], &ops[1], &mut out);
        if let Err(e) = ctx.stdout.write_all(&out) {
            return crate::args::write_failed(ctx, &e);
        }
        st
    }
}

/// The options as given on the command line (`-ru`), for `diff -ru a/x b/x` lines.
fn switch_string(argv: &[String], operands: &[String]) -> String {
    let mut ops = operands.iter().collect::<Vec<_>>();
    let mut parts: Vec<String> = Vec::new();
    for a in argv {
        if let Some(k) = ops.iter().position(|o| *o == a) {
            ops.remove(k);
            continue;
        }
        if a == "--" {
            continue;
        }
        parts.push(args::quote_name(a));
    }
    parts.join(" ")
}

/// What an operand names.
enum Kind {
    Missing,
    Dir,
    File,
}

fn kind(ctx: &Ctx<'_>, path: &str) -> Result<Kind, kitsh_core::fs::FsError> {
    if path == "-" {
        return Ok(Kind::File);
    }
    match ctx.fs.stat(&ctx.abs_path(path)) {
        Ok(m) if m.file_type == FileType::Dir => Ok(Kind::Dir),
        Ok(_) => Ok(Kind::File),
        Err(kitsh_core::fs::FsError::NotFound) => Ok(Kind::Missing),
        Err(e) => Err(e),
    }
}

fn join(dir: &str, name: &str) -> String {
    if dir.ends_with('/') {
        format!("{dir}{name}")
    } else {
        format!("{dir}/{name}")
    }
}

fn base_name(p: &str) -> &str {
    let t = p.trim_end_matches('/');
    t.rsplit('/').next().unwrap_or(t)
}

fn compare_top(ctx: &mut Ctx<'_>, o: &Opts, a: &str, b: &str, out: &mut Vec<u8>) -> Status {
    let ka = kind(ctx, a);
    let kb = kind(ctx, b);
    match (ka, kb) {
        (Ok(Kind::Dir), Ok(Kind::File)) if b != "-" => {
            let a2 = join(a, base_name(b));
            compare_files(ctx, o, &a2, b, false, out)
        }
        (Ok(Kind::File), Ok(Kind::Dir)) if a != "-" => {
            let b2 = join(b, base_name(a));
            compare_files(ctx, o, a, &b2, false, out)
        }
        (Ok(Kind::Dir), Ok(Kind::Dir)) if o.style == Style::Ifdef => {
            ctx.error("-D option not supported with directories");
            2
        }
        (Ok(Kind::Dir), Ok(Kind::Dir)) => compare_dirs(ctx, o, a, b, out),
        (Ok(Kind::Dir), Ok(Kind::File)) | (Ok(Kind::File), Ok(Kind::Dir)) => {
            flush(ctx, out);
            ctx.error("cannot compare '-' to a directory");
            2
        }
        _ => compare_files(ctx, o, a, b, false, out),
    }
}

fn flush(ctx: &mut Ctx<'_>, out: &mut Vec<u8>) {
    let _ = ctx.stdout.write_all(out);
    out.clear();
}

fn excluded(o: &Opts, name: &str) -> bool {
    o.excludes.iter().any(|p| p.matches(name))
}

/// Compare two directories (recursing with `-r`).
fn compare_dirs(ctx: &mut Ctx<'_>, o: &Opts, a: &str, b: &str, out: &mut Vec<u8>) -> Status {
    let list = |ctx: &Ctx<'_>, d: &str| -> Result<Vec<String>, kitsh_core::fs::FsError> {
        let mut v: Vec<String> = ctx.fs.read_dir(&ctx.abs_path(d))?.into_iter().map(|e| e.name).collect();
        v.sort();
        Ok(v)
    };
    let (la, lb) = match (list(ctx, a), list(ctx, b)) {
        (Ok(x), Ok(y)) => (x, y),
        (Err(e), _) => {
            flush(ctx, out);
            ctx.error(&format!("{a}: {e}"));
            return 2;
        }
        (_, Err(e)) => {
            flush(ctx, out);
            ctx.error(&format!("{b}: {e}"));
            return 2;
        }
    };
    let mut names: Vec<&String> = la.iter().chain(lb.iter()).collect();
    names.sort();
    names.dedup();
    let mut status = 0;
    for name in names {
        if excluded(o, name) {
            continue;
        }
        if ctx.cancel.cancelled() {
            return 2;
        }
        let (pa, pb) = (join(a, name), join(b, name));
        let in_a = la.contains(name);
        let in_b = lb.contains(name);
        let st = if !in_a || !in_b {
            if o.new_file {
                let dir_side = if in_a { &pa } else { &pb };
                if matches!(kind(ctx, dir_side), Ok(Kind::Dir)) {
                    if o.recursive {
                        compare_dirs_one_sided(ctx, o, &pa, &pb, in_a, out)
                    } else {
                        out.extend_from_slice(format!("Only in {}: {name}\n", if in_a { a } else { b }).as_bytes());
                        1
                    }
                } else {
                    compare_files(ctx, o, &pa, &pb, true, out)
                }
            } else {
                out.extend_from_slice(format!("Only in {}: {name}\n", if in_a { a } else { b }).as_bytes());
                1
            }
        } else {
            match (kind(ctx, &pa), kind(ctx, &pb)) {
                (Ok(Kind::Dir), Ok(Kind::Dir)) => {
                    if o.recursive {
                        compare_dirs(ctx, o, &pa, &pb, out)
                    } else {
                        out.extend_from_slice(format!("Common subdirectories: {pa} and {pb}\n").as_bytes());
                        0
                    }
                }
                (Ok(Kind::Dir), _) => {
                    out.extend_from_slice(format!("File {pa} is a directory while file {pb} is a regular file\n").as_bytes());
                    1
                }
                (_, Ok(Kind::Dir)) => {
                    out.extend_from_slice(format!("File {pa} is a regular file while file {pb} is a directory\n").as_bytes());
                    1
                }
                _ => compare_files(ctx, o, &pa, &pb, true, out),
            }
        };
        status = status.max(st);
    }
    status
}

/// `-N -r` with a directory on one side only: compare each file in it against nothing.
fn compare_dirs_one_sided(ctx: &mut Ctx<'_>, o: &Opts, pa: &str, pb: &str, in_a: bool, out: &mut Vec<u8>) -> Status {
    let dir = if in_a { pa } else { pb };
    let mut names: Vec<String> = match ctx.fs.read_dir(&ctx.abs_path(dir)) {
        Ok(v) => v.into_iter().map(|e| e.name).collect(),
        Err(_) => return 2,
    };
    names.sort();
    let mut status = 0;
    for n in names {
        if excluded(o, &n) {
            continue;
        }
        let (x, y) = (join(pa, &n), join(pb, &n));
        let side = if in_a { &x } else { &y };
        let st = if matches!(kind(ctx, side), Ok(Kind::Dir)) {
            compare_dirs_one_sided(ctx, o, &x, &y, in_a, out)
        } else {
            compare_files(ctx, o, &x, &y, true, out)
        };
        status = status.max(st);
    }
    status
}

/// A file's contents and its header time; `None` contents: absent (`-N`).
struct Input {
    data: Vec<u8>,
    mtime: (i64, u32),
}

fn read(ctx: &mut Ctx<'_>, o: &Opts, path: &str, other_exists: bool) -> Result<Input, String> {
    if path == "-" {
        let now = std::time::SystemTime::now().duration_since(UNIX_EPOCH).unwrap_or_default();
        let mut data = Vec::new();
        ctx.read_stdin_all(&mut data).map_err(|e| format!("-: {e}"))?;
        return Ok(Input { data, mtime: (now.as_secs() as i64, now.subsec_nanos()) });
    }
    let abs = ctx.abs_path(path);
    match ctx.fs.stat(&abs) {
        Ok(m) => {
            let t = m.mtime.duration_since(UNIX_EPOCH).unwrap_or_default();
            let data = ctx.read_input(path).map_err(|e| format!("{path}: {e}"))?;
            Ok(Input { data, mtime: (t.as_secs() as i64, t.subsec_nanos()) })
        }
        Err(kitsh_core::fs::FsError::NotFound) if o.new_file && other_exists => Ok(Input { data: Vec::new(), mtime: (0, 0) }),
        Err(e) => Err(format!("{path}: {e}")),
    }
}

/// Compare two files; `in_dir`: part of a directory comparison (print `diff A B` first).
fn compare_files(ctx: &mut Ctx<'_>, o: &Opts, a: &str, b: &str, in_dir: bool, out: &mut Vec<u8>) -> Status {
    let exists = |ctx: &Ctx<'_>, p: &str| p == "-" || ctx.fs.stat(&ctx.abs_path(p)).is_ok();
    let (ea, eb) = (exists(ctx, a), exists(ctx, b));
    let ia = read(ctx, o, a, eb);
    let ib = read(ctx, o, b, ea);
    let (ia, ib) = match (ia, ib) {
        (Ok(x), Ok(y)) => (x, y),
        (Err(e), _) | (_, Err(e)) => {
            flush(ctx, out);
            ctx.error(&e);
            return 2;
        }
    };
    let la0 = o.labels.first().cloned().unwrap_or_else(|| a.to_string());
    let lb0 = o.labels.get(1).cloned().unwrap_or_else(|| b.to_string());
    let binary = !o.text && (ia.data[..ia.data.len().min(65536)].contains(&0) || ib.data[..ib.data.len().min(65536)].contains(&0));
    if binary || (o.brief && !o.ignore_any()) {
        let same = ia.data == ib.data;
        if !same {
            if in_dir && !o.brief {
                out.extend_from_slice(format!("diff {}{}{a} {b}\n", o.switches, if o.switches.is_empty() { "" } else { " " }).as_bytes());
            }
            let what = if o.brief { "Files" } else { "Binary files" };
            out.extend_from_slice(format!("{what} {la0} and {lb0} differ\n").as_bytes());
            return 1;
        }
        if o.identical {
            out.extend_from_slice(format!("Files {la0} and {lb0} are identical\n").as_bytes());
        }
        return 0;
    }
    let la = lines::split(&ia.data, o.strip_cr);
    let lb = lines::split(&ib.data, o.strip_cr);
    // GNU's horizon is the context of `-u`/`-c`; the other styles have none.
    let horizon = if matches!(o.style, Style::Unified | Style::Context) { o.context } else { 0 };
    let (n0, n1) = (la.lines.len(), lb.lines.len());
    let same = |i: usize, j: usize| {
        la.lines[i] == lb.lines[j] && (la.missing_newline && i + 1 == n0) == (lb.missing_newline && j + 1 == n1)
    };
    let (pre, suf) = analyze::ends(n0, n1, same, la.missing_newline == lb.missing_newline, horizon);
    let (ca, cb) = lines::classes(&la, &lb, pre, suf, &o.ignore);
    let mut changes = analyze::diff(&ca, &cb, pre, o.minimal);
    let mut ignored: Vec<bool> = Vec::new();
    if o.blank_lines || !o.regexes.is_empty() {
        if o.style == Style::Normal {
            changes.retain(|c| !ignorable(o, &la, &lb, c));
        } else {
            ignored = changes.iter().map(|c| ignorable(o, &la, &lb, c)).collect();
            if ignored.iter().all(|&i| i) {
                changes.clear();
            }
        }
    }
    if changes.is_empty() {
        if o.style == Style::Ifdef && !o.brief && !o.formats.silent_when_same() {
            // The formats print the common lines too: the whole file, as one unchanged group.
            let files = output::Files { a: &la, b: &lb };
            format::ifdef(&files, &[], &[], &o.formats, out);
        }
        if o.identical {
            out.extend_from_slice(format!("Files {la0} and {lb0} are identical\n").as_bytes());
        }
        return 0;
    }
    if o.brief {
        out.extend_from_slice(format!("Files {la0} and {lb0} differ\n").as_bytes());
        return 1;
    }
    if in_dir {
        out.extend_from_slice(format!("diff {}{}{la0} {lb0}\n", o.switches, if o.switches.is_empty() { "" } else { " " }).as_bytes());
    }
    let files = output::Files { a: &la, b: &lb };
    let tz = ctx.env.get("TZ");
    let stamp = |label: &str, t: (i64, u32), given: bool| -> String {
        if given {
            label.to_string()
        } else {
            format!("{label}\t{}", kitsh_core::util::time::strftime_ns("%Y-%m-%d %H:%M:%S.%N %z", t.0, t.1, tz.as_deref()))
        }
    };
    match o.style {
        Style::Normal => output::normal(&files, &changes, out),
        Style::Ifdef => format::ifdef(&files, &changes, &ignored, &o.formats, out),
        Style::Unified => {
            out.extend_from_slice(format!("--- {}\n+++ {}\n", stamp(&la0, ia.mtime, !o.labels.is_empty()), stamp(&lb0, ib.mtime, o.labels.len() > 1)).as_bytes());
            output::unified(&files, &changes, &ignored, o.context, out);
        }
        Style::Context => {
            out.extend_from_slice(format!("*** {}\n--- {}\n", stamp(&la0, ia.mtime, !o.labels.is_empty()), stamp(&lb0, ib.mtime, o.labels.len() > 1)).as_bytes());
            output::context(&files, &changes, &ignored, o.context, out);
        }
    }
    if out.len() >= args::CHUNK {
        flush(ctx, out);
    }
    1
}

impl Opts {
    fn ignore_any(&self) -> bool {
        let i = &self.ignore;
        i.case || i.space_change || i.all_space || i.trailing_space || i.tab_expansion || self.blank_lines || !self.regexes.is_empty() || self.strip_cr
    }
}

/// `-B` / `-I`: every changed line of `c` is blank / matches one of the regexes.
fn ignorable(o: &Opts, a: &Lines<'_>, b: &Lines<'_>, c: &Change) -> bool {
    // A blank line is empty, or only white space when white space is ignored.
    let space_ok = o.ignore.space_change || o.ignore.all_space || o.ignore.trailing_space;
    let blank = |l: &[u8]| l.is_empty() || (space_ok && l.iter().all(|b| b.is_ascii_whitespace()));
    let ok = |l: &[u8]| (o.blank_lines && blank(l)) || o.regexes.iter().any(|r| r.is_match(l));
    a.lines[c.line0..c.line0 + c.deleted].iter().all(|l| ok(l)) && b.lines[c.line1..c.line1 + c.inserted].iter().all(|l| ok(l))
}
