//! `sed`: the GNU stream editor (sed 4.8/4.9 behaviour).
//!
//! Options `-n -e -f -E/-r -s -i[SUFFIX] -z -l N`, `--posix`, `-u` (accepted). Scripts support
//! every POSIX command plus GNU's (`F`, `z`, `R`, `W`, `Q`, `T`, `e` is refused), addresses
//! `N`, `$`, `/re/IM`, `\cREc`, `first~step`, `addr,+N`, `addr,~N`, `0,/re/` and `!`, the GNU
//! one-line `a text` forms and `s` flags `g p N i m w`. Regexes go through
//! [`kitsh_core::util::posix_re`] (no back-references). Input is streamed line by line (with
//! one-line look-ahead for `$`), so `yes | sed 5q` ends; `-i` writes files back through the
//! virtual filesystem.

mod cmdargs;
mod exec;
mod input;
mod output;
mod script;
mod subst;
mod text;

use super::args::{self, ArgError, ArgKind, Config, OptSpec};
use super::{Builtin, Ctx};
use kitsh_core::fs::WriteMode;
use exec::{RunOpts, Runner};
use input::{Fatal, Input};
use output::{Sink, Target, STDERR, STDOUT};
use script::{Flags, ParseError, Parser, Script};

/// The `sed` command.
pub struct Sed;

#[derive(Clone, Copy, PartialEq, Eq)]
enum O {
    Quiet,
    Expr,
    File,
    Ere,
    Separate,
    InPlace,
    NullData,
    LineLen,
    Posix,
    Unbuffered,
    Debug,
    Sandbox,
    Follow,
    Binary,
}

const SPECS: &[OptSpec<O>] = &[
    OptSpec::flag('n', "quiet", O::Quiet),
    OptSpec::long("silent", ArgKind::None, O::Quiet),
    OptSpec::req('e', "expression", O::Expr),
    OptSpec::req('f', "file", O::File),
    OptSpec::flag('E', "regexp-extended", O::Ere),
    OptSpec { short: Some('r'), long: None, arg: ArgKind::None, id: O::Ere },
    OptSpec::flag('s', "separate", O::Separate),
    OptSpec { short: Some('i'), long: Some("in-place"), arg: ArgKind::Optional, id: O::InPlace },
    OptSpec::flag('z', "null-data", O::NullData),
    OptSpec::req('l', "line-length", O::LineLen),
    OptSpec::long("posix", ArgKind::None, O::Posix),
    OptSpec::flag('u', "unbuffered", O::Unbuffered),
    OptSpec::long("debug", ArgKind::None, O::Debug),
    OptSpec::long("sandbox", ArgKind::None, O::Sandbox),
    OptSpec::long("follow-symlinks", ArgKind::None, O::Follow),
    OptSpec::flag('b', "binary", O::Binary),
];

const HELP: &str = include_str!("sed/help.txt");

const VERSION: &str = "sed (GNU sed) 4.9\nCopyright (C) 2022 Free Software Foundation, Inc.\nLicense GPLv3+: GNU GPL version 3 or later <https://gnu.org/licenses/gpl.html>.\nThis is free software: you are free to change and redistribute it.\nThere is NO WARRANTY, to the extent permitted by law.\n\nWritten by Jay Fenlason, Tom Lord, Ken Pizzini,\nPaolo Bonzini, Jim Meyering, and Assaf Gordon.\n";

/// Where a piece of the script came from, for error locations.
enum Origin {
    /// `-e` number N (or the script operand, number 1).
    Expr(usize),
    /// `-f FILE`.
    File(String),
}

/// A piece of the script text: its origin and where it starts in the joined text.
struct Piece {
    origin: Origin,
    start: usize,
}

/// Everything the command line decides.
struct Cmdline {
    script: String,
    pieces: Vec<Piece>,
    ere: bool,
    silent: bool,
    separate: bool,
    in_place: Option<String>,
    /// `--follow-symlinks`: `-i` edits a symlink's target instead of replacing the link.
    follow: bool,
    delim: u8,
    wrap: usize,
    files: Vec<String>,
}

impl Builtin for Sed {
    fn run(&self, ctx: &mut Ctx<'_>, argv: &[String]) -> i32 {
        let cl = match cmdline(ctx, argv) {
            Ok(c) => c,
            Err(st) => return st,
        };
        let script = match Parser::new(&cl.script, Flags { ere: cl.ere }).parse() {
            Ok(s) => s,
            Err(e) => return parse_error(ctx, &cl, e),
        };
        match run_script(ctx, &cl, &script) {
            Ok(st) => st,
            Err(f) => {
                if !f.msg.is_empty() {
                    let _ = writeln!(ctx.stderr, "sed: {}", f.msg);
                }
                f.status
            }
        }
    }
}

/// Print the usage (after an error) on stderr; status 1.
fn usage_error(ctx: &mut Ctx<'_>, msg: Option<&str>) -> i32 {
    if let Some(m) = msg {
        let _ = writeln!(ctx.stderr, "sed: {m}");
    }
    let text = HELP.trim_end().rsplit_once('\n').map_or(HELP, |(head, _)| head);
    let _ = writeln!(ctx.stderr, "{text}");
    1
}

fn write_text(ctx: &mut Ctx<'_>, text: &str) -> i32 {
    match ctx.stdout.write_all(text.as_bytes()).and_then(|()| ctx.stdout.flush()) {
        Ok(()) => 0,
        Err(e) => crate::args::write_failed(ctx, &e),
    }
}

/// Parse the command line and gather the script pieces.
fn cmdline(ctx: &mut Ctx<'_>, argv: &[String]) -> Result<Cmdline, i32> {
    let acfg = Config::new("sed", HELP);
    let parsed = match args::parse_with(&acfg, SPECS, argv) {
        Ok(p) => p,
        Err(ArgError::Help) => return Err(write_text(ctx, HELP)),
        Err(ArgError::Version) => return Err(write_text(ctx, VERSION)),
        Err(e) => return Err(usage_error(ctx, Some(&e.to_string()))),
    };
    let mut cl = Cmdline {
        script: String::new(),
        pieces: Vec::new(),
        ere: false,
        silent: false,
        separate: false,
        in_place: None,
        follow: false,
        delim: b'\n',
        wrap: 70,
        files: Vec::new(),
    };
    let mut exprs = 0;
    for (o, v) in &parsed.opts {
        let v = v.as_deref().unwrap_or("");
        match o {
            O::Quiet => cl.silent = true,
            O::Expr => {
                exprs += 1;
                add_piece(&mut cl, Origin::Expr(exprs), v);
            }
            O::File => {
                let data = if v == "-" { ctx.read_input("-") } else { ctx.read_input(v) };
                let data = data.map_err(|e| {
                    let _ = writeln!(ctx.stderr, "sed: couldn't open file {v}: {e}");
                    4
                })?;
                let mut text = kitsh_core::util::bytes::decode_owned(data);
                if text.ends_with('\n') {
                    text.pop();
                }
                add_piece(&mut cl, Origin::File(v.to_string()), &text);
            }
            O::Ere => cl.ere = true,
            O::Separate => cl.separate = true,
            O::InPlace => {
                cl.in_place = Some(v.to_string());
                cl.separate = true;
            }
            O::NullData => cl.delim = 0,
            O::LineLen => cl.wrap = v.trim().parse().unwrap_or(0),
            O::Follow => cl.follow = true,
            O::Posix | O::Unbuffered | O::Debug | O::Sandbox | O::Binary => {}
        }
    }
    let mut operands = parsed.operands;
    if cl.pieces.is_empty() {
        if operands.is_empty() {
            return Err(usage_error(ctx, None));
        }
        let s = operands.remove(0);
        add_piece(&mut cl, Origin::Expr(1), &s);
    }
    if operands.is_empty() {
        if cl.in_place.is_some() {
            let _ = writeln!(ctx.stderr, "sed: no input files");
            return Err(4);
        }
        operands.push("-".to_string());
    }
    cl.files = operands;
    Ok(cl)
}

fn add_piece(cl: &mut Cmdline, origin: Origin, text: &str) {
    if !cl.pieces.is_empty() {
        cl.script.push('\n');
    }
    cl.pieces.push(Piece { origin, start: cl.script.chars().count() });
    cl.script.push_str(text);
}

/// Report a script error like GNU: `sed: -e expression #1, char 3: MSG` or
/// `sed: file F line 2: MSG`.
fn parse_error(ctx: &mut Ctx<'_>, cl: &Cmdline, e: ParseError) -> i32 {
    let Some(pos) = e.pos else {
        let _ = writeln!(ctx.stderr, "sed: {}", e.msg);
        return e.status;
    };
    let piece = if pos == 0 && e.msg.starts_with("unmatched") {
        cl.pieces.last()
    } else {
        cl.pieces.iter().rev().find(|p| p.start <= pos).or(cl.pieces.first())
    };
    let Some(piece) = piece else { return e.status };
    let rel = pos.saturating_sub(piece.start);
    let loc = match &piece.origin {
        Origin::Expr(n) => format!("-e expression #{n}, char {rel}"),
        Origin::File(f) => {
            let line = 1 + cl.script.chars().skip(piece.start).take(rel.saturating_sub(1)).filter(|&c| c == '\n').count();
            format!("file {f} line {line}")
        }
    };
    let _ = writeln!(ctx.stderr, "sed: {loc}: {}", e.msg);
    e.status
}

/// Set up the outputs and run the script over the inputs; the exit status.
fn run_script(ctx: &mut Ctx<'_>, cl: &Cmdline, script: &Script) -> Result<i32, Fatal> {
    let mut sinks = vec![Sink::new(Target::Stdout), Sink::new(Target::Stderr)];
    let mut wsink = Vec::with_capacity(script.wfiles.len());
    for f in &script.wfiles {
        match f.as_str() {
            "/dev/stdout" => wsink.push(STDOUT),
            "/dev/stderr" => wsink.push(STDERR),
            _ => {
                let path = ctx.abs_path(f);
                ctx.fs.write_file(&path, b"", WriteMode::Truncate).map_err(|e| Fatal::new(format!("couldn't open file {f}: {e}")))?;
                wsink.push(sinks.len());
                sinks.push(Sink::new(Target::File(path)));
            }
        }
    }
    let opts = RunOpts { silent: cl.silent || script.silent, delim: cl.delim, wrap: cl.wrap };
    let mut runner = Runner::new(script, opts, sinks, wsink);
    let mut failed = false;
    let units: Vec<Vec<String>> = if cl.separate { cl.files.iter().map(|f| vec![f.clone()]).collect() } else { vec![cl.files.clone()] };
    let mut code = None;
    for unit in units {
        let edit = match &cl.in_place {
            Some(_) => match in_place_target(ctx, &unit[0], cl.follow) {
                Ok(p) => Some(p),
                Err(st) => {
                    failed |= st == 2;
                    if st == 4 {
                        return Ok(4);
                    }
                    continue;
                }
            },
            None => None,
        };
        if edit.is_some() {
            runner.sinks.push(Sink::new(Target::Memory));
            runner.main = runner.sinks.len() - 1;
        }
        runner.reset_unit();
        let mut input = Input::new(unit, cl.delim);
        let r = runner.run(ctx, &mut input);
        failed |= input.failed;
        if let (Some(path), Some(suffix)) = (&edit, &cl.in_place) {
            let sink = runner.sinks.pop().map(|s| s.data).unwrap_or_default();
            runner.main = STDOUT;
            write_back(ctx, path, suffix, &sink)?;
        }
        code = r?;
        if code.is_some() {
            break;
        }
    }
    for k in 0..runner.sinks.len() {
        runner.sinks[k].flush(ctx, true)?;
    }
    Ok(code.unwrap_or(if failed { 2 } else { 0 }))
}

/// Check an `-i` operand: `Ok(absolute path)`, or the status after reporting.
/// A symlink is replaced by the edited regular file, or with `follow` its target is edited (GNU).
fn in_place_target(ctx: &mut Ctx<'_>, name: &str, follow: bool) -> Result<String, i32> {
    let path = ctx.abs_path(name);
    match ctx.fs.stat(&path) {
        Ok(m) if m.file_type == kitsh_core::fs::FileType::File && name != "-" => {
            if follow {
                return Ok(ctx.fs.canonicalize(&path).unwrap_or(path));
            }
            Ok(path)
        }
        Ok(_) => {
            let _ = writeln!(ctx.stderr, "sed: couldn't edit {name}: not a regular file");
            Err(4)
        }
        Err(e) => {
            let _ = writeln!(ctx.stderr, "sed: can't read {name}: {e}");
            Err(2)
        }
    }
}

/// Replace the edited file, keeping a backup when a suffix was given (`*` in it stands for the
/// file's base name).
fn write_back(ctx: &mut Ctx<'_>, path: &str, suffix: &str, data: &[u8]) -> Result<(), Fatal> {
    if !suffix.is_empty() {
        let (dir, base) = path.rsplit_once('/').unwrap_or(("", path));
        let backup = if suffix.contains('*') {
            let name = suffix.replace('*', base);
            if name.contains('/') {
                ctx.abs_path(&name)
            } else {
                format!("{dir}/{name}")
            }
        } else {
            format!("{path}{suffix}")
        };
        ctx.fs.rename(path, &backup).map_err(|e| Fatal::new(format!("cannot rename {path}: {e}")))?;
    } else if ctx.fs.lstat(path).is_ok_and(|m| m.file_type == kitsh_core::fs::FileType::Symlink) {
        // The edited text replaces the link itself; its target stays as it was.
        ctx.fs.remove_file(path).map_err(|e| Fatal::new(format!("couldn't open temporary file {path}: {e}")))?;
    }
    ctx.fs.write_file(path, data, WriteMode::Truncate).map_err(|e| Fatal::new(format!("couldn't open temporary file {path}: {e}")))
}

#[cfg(test)]
mod tests;
